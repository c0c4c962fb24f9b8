/**
 * The translation settings' storage item (the options page writes it, the background reads it;
 * content scripts read its raw key). Apart from lib/storage.ts, which the popup imports: the item
 * brings lib/translation/translation-languages.ts with it, and the popup never reads these settings.
 */

import {
  defaultTranslationSettings,
  TRANSLATION_SETTINGS_KEY,
  type TranslationSettings,
  translationSettingsV1ToV2,
} from '@/lib/api/helper-languages';
import { defineItem } from '@/lib/storage/storage-item';

/** Translate buttons, target language, read aloud and voice (the options page). Version 2 added `buttons`. */
export const translationSettingsItem = defineItem<TranslationSettings>(TRANSLATION_SETTINGS_KEY, {
  fallback: defaultTranslationSettings,
  version: 2,
  migrations: { 2: translationSettingsV1ToV2 },
});
