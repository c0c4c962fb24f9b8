/**
 * What every context knows of translation: the settings (the options page writes them, the
 * background reads them, content scripts read their raw key), a translation's result, and why one
 * failed in the member's words (the background's error names cross the message boundary:
 * lib/protocol/background-gone.ts). Types and pure rules: no zod, no browser.
 */
import type { TranslatedText } from '@/lib/api/client';
import { translationLanguage } from '@/lib/api/helper-languages';
import { t } from '@/lib/i18n';

export interface TranslationSettings {
  /** Translate buttons on site pages (version 2; off, the buttons and shown translations go). */
  buttons: boolean;
  /** A helper language code, or '' to follow the site's language. */
  language: string;
  /** The read-aloud button beside Translate (the speech helper is legacy: off by default). */
  readAloud: boolean;
  voice: 'female' | 'male';
}

// Pure: left out of the content script, which never reads it.
export const defaultTranslationSettings: TranslationSettings = /* @__PURE__ */ Object.freeze({
  buttons: true,
  language: '',
  readAloud: false,
  voice: 'female',
});

export const TRANSLATION_SETTINGS_KEY = 'sync:translationSettings';

/** The settings as version 1 stored them (before `buttons`). */
export type TranslationSettingsV1 = Omit<TranslationSettings, 'buttons'>;

/** Version 1 → 2: the Translate buttons become a setting, on (what version 1 always showed). */
export function translationSettingsV1ToV2(old: TranslationSettingsV1): TranslationSettings {
  return { ...old, buttons: true };
}

/**
 * Settings as stored, with defaults for anything missing or malformed: a value another browser
 * synced before its own migration (no `buttons`) must not turn the buttons off.
 */
export function translationSettingsOf(value: unknown): TranslationSettings {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<string, unknown>>;
  return {
    buttons: raw.buttons !== false,
    language: typeof raw.language === 'string' && translationLanguage(raw.language) ? raw.language : '',
    readAloud: raw.readAloud === true,
    voice: raw.voice === 'male' ? 'male' : 'female',
  };
}

export interface TranslationResult extends TranslatedText {
  /** Answered from the cache (no request). */
  cached: boolean;
}

export function translationErrorSentence(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'Timeout' || name === 'Network') return t('translate.errorOffline');
  if (name === 'RateLimited') return t('translate.errorBusy');
  return t('translate.errorFailed');
}
