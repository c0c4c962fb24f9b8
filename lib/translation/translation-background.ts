/**
 * The translation and read-aloud services as the background runs them: the API client's helpers,
 * the cache in `local:` storage, the player (an offscreen document in Chrome, the background page
 * in Firefox), and the protocol handlers content scripts and the popup use (who may send what, and
 * its bounds: ./translation-protocol.ts; the popup plays its readings itself, from `speechClip`).
 * What a page can make a content script ask is harmless: translate or speak a text, stop its own
 * reading; nothing posts, deletes or reveals anything.
 */
import type { ApiClient } from '@/lib/api/client';
import {
  DEFAULT_SPEECH_LOCALE,
  isTranslationLanguage,
  speechGender,
  speechLocale,
  type TranslationLanguage,
} from '@/lib/api/helper-languages';
import type { SiteProfile } from '@/lib/config';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { createTranslationService, type TranslationService } from '@/lib/translation/translation';
import { translationSettingsOf } from '@/lib/translation/translation-model';
import { translationCacheItem, translationSettingsItem } from '@/lib/translation/translation-storage';
import { toBase64 } from '../read-aloud/audio-base64';
import { elementAudioPlayer, offscreenAudioPlayer } from '../read-aloud/audio-player';
import { type AudioClip, createReadAloud, type ReadAloud, type Voice } from '../read-aloud/read-aloud';
import { translationCacheBudget } from './translation-budget';
import { translationMessages } from './translation-protocol';

/**
 * The refusal of a language code the helpers do not know. The code comes from a content script
 * (whose page sets the cookie and `<html lang>` it reads): it is refused before any request, and
 * never used to look anything up.
 */
function unknownLanguage(code: string): Error {
  const error = new Error(`Unknown language: ${JSON.stringify(code)}`);
  error.name = 'UnknownLanguage';
  return error;
}

/** `code` when it is one of the translation helper's codes, spelled as it spells them. */
function translationTarget(code: string): TranslationLanguage {
  if (!isTranslationLanguage(code)) throw unknownLanguage(code);
  return code;
}

/**
 * The speech helper's locale for a text in `code`: a helper language (those without a voice of
 * their own get the default one) or a language or locale the speech table names.
 */
function voiceLocale(code: string): string {
  const locale = speechLocale(code);
  if (locale !== null) return locale;
  if (isTranslationLanguage(code)) return DEFAULT_SPEECH_LOCALE;
  throw unknownLanguage(code);
}

export interface TranslationServices {
  translation: TranslationService;
  reader: ReadAloud;
  /** One request to the speech helper (the API client: timeout, retries, rate limit). */
  synthesize(text: string, voice: Voice): Promise<AudioClip>;
  /** The voice the member chose in the settings. */
  preferredVoice(): Promise<'female' | 'male'>;
}

/** The protocol's translation and read-aloud handlers (unchecked: `answerMessages` checks them). */
export function translationHandlers({
  translation,
  reader,
  synthesize,
  preferredVoice,
}: TranslationServices) {
  /** Each tab reads aloud on its own; extension pages share one reader. */
  const ownerOf = (sender: { tab?: { id?: number } }) => sender.tab?.id ?? -1;
  return {
    translate: ({ data }) => translation.translate(data.text, translationTarget(data.language)),
    async startReading({ data, sender }) {
      const locale = voiceLocale(data.language);
      const readingId = await reader.start(ownerOf(sender), data.text, {
        locale,
        gender: speechGender(locale, await preferredVoice()),
      });
      return { readingId };
    },
    readingEnded: ({ data }) => reader.ended(data.readingId),
    stopReading: ({ data, sender }) => reader.stop(ownerOf(sender), data.readingId),
    async speechClip({ data }) {
      const locale = voiceLocale(data.language);
      const clip = await synthesize(data.text, { locale, gender: speechGender(locale, data.voice) });
      return { base64: toBase64(clip.bytes), type: clip.type };
    },
  } satisfies HandlersOf<typeof translationMessages>;
}

export function registerTranslation(api: ApiClient, profile: SiteProfile): void {
  const cache = budgetedCache(translationCacheItem, translationCacheBudget);
  const translation = createTranslationService({
    translatePiece: (text, language) => api.translateWithSource(text, language),
    loadCache: cache.get,
    saveCache: cache.set,
    now: Date.now,
  });
  // A DOM means an event page (Firefox): play here. A service worker (Chrome) needs its offscreen page.
  const player = typeof document === 'undefined' ? offscreenAudioPlayer() : elementAudioPlayer();
  const synthesize = (text: string, voice: Voice) => api.synthesize(text, voice);
  const reader = createReadAloud({ synthesize, player });
  const preferredVoice = async () => translationSettingsOf(await translationSettingsItem.getValue()).voice;
  answerMessages(
    profile,
    translationMessages,
    translationHandlers({ translation, reader, synthesize, preferredVoice }),
  );
}
