/**
 * What decides the popup's translations, as on site pages (lib/features/translate-comments.ts): the
 * member's translation settings (buttons shown or not, target language, read aloud, voice) and the
 * site's language cookie, the language the member chose on the site. A page reads the cookie from
 * `document.cookie`; the popup, a page of the extension, reads the same cookie of the site through
 * the cookies API (no request). Read once per popup for every text shown, then kept current.
 */
import { useEffect, useState } from 'preact/hooks';
import { memberLanguage, translationLanguage } from '@/lib/api/helper-languages';
import { currentProfile } from '@/lib/config';
import {
  TRANSLATION_SETTINGS_KEY,
  type TranslationSettings,
  translationSettingsOf,
} from '@/lib/translation/translation-model';

/**
 * The settings' key in `sync` storage, read raw as content scripts read it (`translationSettingsOf`
 * fills in what a value synced from an older version lacks; the options page migrates the item).
 */
const SETTINGS_NAME = TRANSLATION_SETTINGS_KEY.slice('sync:'.length);

export interface TranslationPrefs {
  settings: TranslationSettings;
  /** The site's `scratchlanguage` cookie, or null. */
  siteCookie: string | null;
}

/** The language translations go into: the setting, else the site's, else the browser's (as site pages). */
export function targetLanguage(prefs: TranslationPrefs, browserLanguages: readonly string[]): string {
  return memberLanguage({ setting: prefs.settings.language, siteCookie: prefs.siteCookie, browserLanguages });
}

/** The site's language without the setting: the guess for an original in Latin script (read aloud). */
export function siteLanguage(prefs: TranslationPrefs, browserLanguages: readonly string[]): string {
  return translationLanguage(prefs.siteCookie) ?? translationLanguage(browserLanguages[0]) ?? 'en';
}

async function readSiteCookie(): Promise<string | null> {
  try {
    const cookie = await browser.cookies.get({ url: currentProfile().site, name: 'scratchlanguage' });
    if (!cookie?.value) return null;
    return decodeURIComponent(cookie.value) || null;
  } catch {
    return null;
  }
}

let current: TranslationPrefs | null = null;
let reading: Promise<void> | null = null;
const listeners = new Set<(prefs: TranslationPrefs) => void>();

const publish = (prefs: TranslationPrefs) => {
  current = prefs;
  for (const listener of listeners) listener(prefs);
};

/** Reads the settings and the cookie (once per popup) and follows the settings' changes. */
function follow(): Promise<void> {
  reading ??= (async () => {
    let changed: TranslationSettings | null = null;
    browser.storage.onChanged.addListener((changes, area) => {
      const change = changes[SETTINGS_NAME];
      if (area !== 'sync' || change === undefined) return;
      changed = translationSettingsOf(change.newValue);
      if (current) publish({ ...current, settings: changed });
    });
    const [stored, siteCookie] = await Promise.all([
      browser.storage.sync.get(SETTINGS_NAME).catch(() => ({}) as Record<string, unknown>),
      readSiteCookie(),
    ]);
    // A change heard while reading is newer than what the read returned.
    publish({ settings: changed ?? translationSettingsOf(stored[SETTINGS_NAME]), siteCookie });
  })();
  return reading;
}

/** The prefs, or null until read (a few milliseconds after the first text asks). */
export function useTranslationPrefs(): TranslationPrefs | null {
  const [prefs, setPrefs] = useState(current);
  useEffect(() => {
    listeners.add(setPrefs);
    void follow().then(() => setPrefs(current));
    return () => {
      listeners.delete(setPrefs);
    };
  }, []);
  return prefs;
}
