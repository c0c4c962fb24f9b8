/**
 * The translation's storage items: the cache of translations (background only) and the settings
 * (the options page writes them, the background reads them; content scripts read their raw key).
 * The popup never reads either: the settings' item would bring the helper's language tables into
 * its JavaScript.
 */

import { defineItem } from '@/lib/storage/storage-item';
import type { TranslationCache } from '@/lib/translation/translation';
import {
  defaultTranslationSettings,
  TRANSLATION_SETTINGS_KEY,
  type TranslationSettings,
  translationSettingsV1ToV2,
} from '@/lib/translation/translation-model';

/** Translations by text and language, least recently used out past a cap (background only). */
export const translationCacheItem = defineItem<TranslationCache>('local:translationCache', {
  fallback: {},
  version: 1,
});

/** Translate buttons, target language, read aloud and voice (the options page). Version 2 added `buttons`. */
export const translationSettingsItem = defineItem<TranslationSettings>(TRANSLATION_SETTINGS_KEY, {
  fallback: defaultTranslationSettings,
  version: 2,
  migrations: { 2: translationSettingsV1ToV2 },
});
