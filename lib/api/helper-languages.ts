/**
 * Languages of the translation and speech helpers (docs/site-reference.md): the helper's 49 target codes,
 * how a site locale maps onto them, which one a member reads, and which speech voice says a
 * language. Plain data and pure functions: the API client, content scripts, the popup, the options
 * page and the background all use them (no imports with side effects, nothing heavy).
 */

/** The translation helper's 49 target languages, by the codes it takes. */
// biome-ignore format: a table reads better than one code per line
export const TRANSLATION_LANGUAGES = [
  'am', 'ar', 'az', 'bg', 'ca', 'ckb', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fa',
  'fi', 'fr', 'ga', 'gd', 'gl', 'he', 'hr', 'hu', 'id', 'is', 'it', 'ja', 'ko', 'lt', 'lv', 'mi',
  'nb', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'th', 'tr', 'uk', 'vi', 'zh-cn',
  'zh-tw', 'zu',
] as const;

export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

const TARGETS: ReadonlySet<string> = new Set(TRANSLATION_LANGUAGES);

/** True when `code` is one of the helper's codes, spelled as it spells them. */
export function isTranslationLanguage(code: string): code is TranslationLanguage {
  return TARGETS.has(code);
}

/**
 * Site and browser locales whose language part is not the helper's code. Maps, here and below: the
 * locale comes from a page's cookie or `<html lang>`, and `constructor` must find nothing.
 */
const ALIASES: ReadonlyMap<string, TranslationLanguage> = new Map(
  Object.entries({
    no: 'nb', // Norwegian: the site's `nb`, browsers' `no`
    nn: 'nb',
    iw: 'he', // old code for Hebrew, still sent by some browsers
    in: 'id',
    'zh-hans': 'zh-cn',
    'zh-sg': 'zh-cn',
    'zh-hant': 'zh-tw',
    'zh-hk': 'zh-tw',
    'zh-mo': 'zh-tw',
    zh: 'zh-cn',
  } as const),
);

/**
 * The helper's code for a site or browser locale (`es-419` to `es`, `pt-br` to `pt`, `ja-Hira` to
 * `ja`, `zh-CN`/`zh-TW` kept, `zh-Hant` to `zh-tw`), or null when the helper has no such language.
 */
export function translationLanguage(locale: string | null | undefined): TranslationLanguage | null {
  const lower = (locale ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (lower === '') return null;
  if (TARGETS.has(lower)) return lower as TranslationLanguage;
  for (const candidate of [lower, lower.split('-').slice(0, 2).join('-')]) {
    const alias = ALIASES.get(candidate);
    if (alias) return alias;
  }
  const base = lower.split('-')[0] ?? '';
  if (TARGETS.has(base)) return base as TranslationLanguage;
  return ALIASES.get(base) ?? null;
}

/** Where the member's language can come from, most specific first (null/empty: not known). */
export interface LanguageSources {
  /** The setting on the options page; '' or null means "the site's language". */
  setting?: string | null;
  /** The site's `scratchlanguage` cookie. */
  siteCookie?: string | null;
  /** The page's `<html lang>`. */
  pageLang?: string | null;
  /** The browser's languages, preferred first. */
  browserLanguages?: readonly string[];
}

/** The language a member reads: the setting, else the site's language, else the browser's, else English. */
export function memberLanguage(sources: LanguageSources): TranslationLanguage {
  const candidates = [
    sources.setting,
    sources.siteCookie,
    sources.pageLang,
    ...(sources.browserLanguages ?? []),
  ];
  for (const candidate of candidates) {
    const language = translationLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

/** The value of the site's `scratchlanguage` cookie in a `document.cookie` string, if any. */
export function siteLanguageCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'scratchlanguage') {
      try {
        return decodeURIComponent(value.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A BCP 47 tag for the `lang` attribute of a text in a helper language (`zh-cn` to `zh-CN`). */
export function languageTag(code: string): string {
  const [language = code, region] = code.split('-');
  return region ? `${language}-${region.toUpperCase()}` : language;
}

/** The helper's languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'ckb', 'fa', 'he']);

/** The direction a text in a helper language is written in (`ar` → `rtl`). */
export function languageDirection(code: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}

/** A language's name in `displayLanguage` (e.g. "French" in English, "français" in French). */
export function languageName(code: string, displayLanguage: string): string {
  try {
    return new Intl.DisplayNames([displayLanguage, 'en'], { type: 'language' }).of(languageTag(code)) ?? code;
  } catch {
    return code;
  }
}

// ---------------------------------------------------------------------------------------------------
// Speech

/** The synthesis helper's locales, and the ones that have only a female voice. */
// biome-ignore format: a table reads better than one code per line
export const SPEECH_LOCALES = [
  'arb', 'cmn-CN', 'da-DK', 'nl-NL', 'en-US', 'fr-FR', 'de-DE', 'hi-IN', 'is-IS', 'it-IT', 'ja-JP',
  'ko-KR', 'nb-NO', 'pl-PL', 'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'es-ES', 'es-US', 'sv-SE', 'tr-TR',
  'cy-GB',
] as const;

// biome-ignore format: a table reads better than one code per line
export const FEMALE_ONLY_SPEECH_LOCALES: ReadonlySet<string> = new Set([
  'arb', 'cmn-CN', 'hi-IN', 'ko-KR', 'nb-NO', 'ro-RO', 'sv-SE', 'tr-TR', 'cy-GB',
]);

export const DEFAULT_SPEECH_LOCALE = 'en-US';

// Pairs, not Object.entries: a pure expression stays out of the content script, which never speaks.
const SPEECH_BY_LANGUAGE: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ['ar', 'arb'],
  ['zh', 'cmn-CN'],
  ['da', 'da-DK'],
  ['nl', 'nl-NL'],
  ['en', 'en-US'],
  ['fr', 'fr-FR'],
  ['de', 'de-DE'],
  ['hi', 'hi-IN'],
  ['is', 'is-IS'],
  ['it', 'it-IT'],
  ['ja', 'ja-JP'],
  ['ko', 'ko-KR'],
  ['nb', 'nb-NO'],
  ['no', 'nb-NO'],
  ['pl', 'pl-PL'],
  ['pt', 'pt-BR'],
  ['ro', 'ro-RO'],
  ['ru', 'ru-RU'],
  ['es', 'es-ES'],
  ['sv', 'sv-SE'],
  ['tr', 'tr-TR'],
  ['cy', 'cy-GB'],
]);

/**
 * The speech locale for a language (`fr` to `fr-FR`, `zh-tw` to `cmn-CN`, `pt-PT` kept, `es-419` to
 * `es-US`), or null when the helper has no voice for it.
 */
export function speechLocale(language: string | null | undefined): string | null {
  const lower = (language ?? '').toLowerCase().replace(/_/g, '-');
  const exact = SPEECH_LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  if (lower === 'pt-pt') return 'pt-PT';
  if (lower === 'es-419' || lower === 'es-us' || lower === 'es-mx') return 'es-US';
  return SPEECH_BY_LANGUAGE.get(lower.split('-')[0] ?? '') ?? null;
}

/** The voice to ask for: female-only locales always get the female voice. */
export function speechGender(locale: string, preferred: 'female' | 'male'): 'female' | 'male' {
  return FEMALE_ONLY_SPEECH_LOCALES.has(locale) ? 'female' : preferred;
}

/**
 * A guess at the language of a text whose language nobody told us (the original of a comment),
 * from its script: enough to pick a voice. Latin script gives `fallback` (the site's language).
 */
export function guessLanguageFromScript(text: string, fallback: string): string {
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh-cn';
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  if (/\p{Script=Hebrew}/u.test(text)) return 'he';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/\p{Script=Devanagari}/u.test(text)) return 'hi';
  if (/\p{Script=Greek}/u.test(text)) return 'el';
  if (/\p{Script=Thai}/u.test(text)) return 'th';
  return fallback;
}
