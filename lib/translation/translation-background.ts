/**
 * The translation and read-aloud services as the background runs them: the API client's helpers,
 * the cache in `local:` storage, the player (an offscreen document in Chrome, the background page
 * in Firefox), and the protocol handlers content scripts use. Every handler checks the sender. What
 * a page can make a content script ask is harmless: translate or speak a text, stop its own reading;
 * nothing posts, deletes or reveals anything, and the inputs are bounded.
 */
import type { ApiClient } from '@/lib/api/client';
import { onMessage } from '@/lib/checked-messages';
import type { SiteProfile } from '@/lib/config';
import { isTrustedSender } from '@/lib/sender';
import { translationCacheItem } from '@/lib/storage';
import {
  DEFAULT_SPEECH_LOCALE,
  speechGender,
  speechLocale,
  translationLanguage,
  translationSettingsOf,
} from '@/lib/translation/translation-languages';
import { translationSettingsItem } from '@/lib/translation/translation-settings';
import { elementAudioPlayer, offscreenAudioPlayer } from './audio-player';
import { createReadAloud } from './read-aloud';
import { createTranslationService } from './translation';

/** The longest text a content script may ask to translate or read (project notes hold 5,000). */
export const MAX_REQUESTED_TEXT = 20_000;

function checkText(text: unknown): string {
  if (typeof text !== 'string' || text.length > MAX_REQUESTED_TEXT) throw new Error('Bad text');
  return text;
}

export function registerTranslation(api: ApiClient, profile: SiteProfile): void {
  const translation = createTranslationService({
    translatePiece: (text, language) => api.translateWithSource(text, language),
    loadCache: () => translationCacheItem.getValue(),
    saveCache: (cache) => translationCacheItem.setValue(cache),
    now: Date.now,
  });
  // A DOM means an event page (Firefox): play here. A service worker (Chrome) needs its offscreen page.
  const player = typeof document === 'undefined' ? offscreenAudioPlayer() : elementAudioPlayer();
  const reader = createReadAloud({
    synthesize: (text, voice) => api.synthesize(text, voice),
    player,
  });

  onMessage('translate', ({ data, sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    const language = translationLanguage(data?.language);
    if (language === null || data.language !== language) throw new Error('Unknown language');
    return translation.translate(checkText(data.text), language);
  });

  const ownerOf = (sender: { tab?: { id?: number } }) => sender.tab?.id ?? -1;

  onMessage('startReading', async ({ data, sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    const settings = translationSettingsOf(await translationSettingsItem.getValue());
    const locale =
      speechLocale(typeof data?.language === 'string' ? data.language : '') ?? DEFAULT_SPEECH_LOCALE;
    const readingId = await reader.start(ownerOf(sender), checkText(data.text), {
      locale,
      gender: speechGender(locale, settings.voice),
    });
    return { readingId };
  });

  onMessage('readingEnded', ({ data, sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    return reader.ended(Number(data?.readingId));
  });

  onMessage('stopReading', ({ data, sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    return reader.stop(ownerOf(sender), Number(data?.readingId));
  });
}
