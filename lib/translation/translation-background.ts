/**
 * The translation and read-aloud services as the background runs them: the API client's helpers,
 * the cache in `local:` storage, the player (an offscreen document in Chrome, the background page
 * in Firefox), and the protocol handlers content scripts use (who may send what, and its bounds:
 * lib/protocol-messages.ts). What a page can make a content script ask is harmless: translate or
 * speak a text, stop its own reading; nothing posts, deletes or reveals anything.
 */
import type { ApiClient } from '@/lib/api/client';
import { answerMessages } from '@/lib/checked-messages';
import type { SiteProfile } from '@/lib/config';
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

  /** Each tab reads aloud on its own; extension pages share one reader. */
  const ownerOf = (sender: { tab?: { id?: number } }) => sender.tab?.id ?? -1;

  answerMessages(profile, {
    translate({ data }) {
      // Only the helper's own codes, spelled as it spells them.
      const language = translationLanguage(data.language);
      if (language === null || data.language !== language) throw new Error('Unknown language');
      return translation.translate(data.text, language);
    },
    async startReading({ data, sender }) {
      const settings = translationSettingsOf(await translationSettingsItem.getValue());
      const locale = speechLocale(data.language) ?? DEFAULT_SPEECH_LOCALE;
      const readingId = await reader.start(ownerOf(sender), data.text, {
        locale,
        gender: speechGender(locale, settings.voice),
      });
      return { readingId };
    },
    readingEnded: ({ data }) => reader.ended(data.readingId),
    stopReading: ({ data, sender }) => reader.stop(ownerOf(sender), data.readingId),
  });
}
