/**
 * Words for members: every string a member reads comes from `locales/<lang>.yml` through
 * `@wxt-dev/i18n` (which compiles them into the browser's `_locales` and types the keys), in every
 * context: popup, options, background (badge, notifications) and content scripts. They are read
 * with the browser's own `i18n.getMessage`, under the name the module compiles a key to: the
 * module's runtime `t` adds only what these calls never use (counts, named substitutions), for
 * about 0.9 KB in each context's size budget (ARCHITECTURE.md, Budgets).
 *
 * Plural forms follow the language's own rules (`Intl.PluralRules`), not only "one/many": a plural
 * message is a group of `zero|one|two|few|many|other` keys, `other` required. Dates and numbers go
 * through `Intl` in the browser's UI language.
 */
import type { GeneratedI18nStructure } from '#i18n';

/** Every key of `locales/en.yml`. */
export type MessageKey = keyof GeneratedI18nStructure & string;
/** A message's substitutions: none for a message without `$1`, else a list (checked at build). */
type SubstitutionArgs<K extends MessageKey> = GeneratedI18nStructure[K]['substitutions'] extends 0
  ? []
  : [substitutions: (string | number)[]];
/** Keys of plural groups: `foo` when `foo.other` exists. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? Base : never;
}[MessageKey];

/** The language the browser shows its own UI in (and so the extension's strings). */
export function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

/** The name a key has in the browser's `_locales` (`popup.title` is `popup_title`). */
const messageName = (key: string) => key.replaceAll('.', '_') as never;

/** A message with its `$1..$9` substitutions. */
export function t<K extends MessageKey>(key: K, ...[substitutions]: SubstitutionArgs<K>): string {
  return browser.i18n.getMessage(messageName(key), substitutions?.map(String));
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(count: number): Intl.LDMLPluralRule {
  const language = uiLanguage();
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * A plural message: the form the UI language uses for `count` (else `other`); `$1` is the count
 * written the language's way, `more` fill `$2` onwards.
 */
export function plural(key: PluralKey, count: number, more: (string | number)[] = []): string {
  const substitutions = [formatNumber(count), ...more.map(String)];
  // The browser's API directly: a form this language lacks is not an error (it falls back to `other`).
  const form = browser.i18n.getMessage(messageName(`${key}.${pluralCategory(count)}`), substitutions);
  return form !== '' ? form : browser.i18n.getMessage(messageName(`${key}.other`), substitutions);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(uiLanguage()).format(value);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** Formatters are costly to build (a list of 40 times would build 80): one per language and kind. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "3 minutes ago", "yesterday", "just now" (under a minute), as the site words times. */
export function relativeTime(time: number | string | Date, now: number = Date.now()): string {
  const ms = new Date(time).getTime();
  if (!Number.isFinite(ms)) return '';
  const elapsed = now - ms;
  if (Math.abs(elapsed) < 60_000) return t('time.justNow');
  const language = uiLanguage();
  let format = relativeFormats.get(language);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.round(elapsed / size), unit);
  }
  return format.format(-Math.round(elapsed / 60_000), 'minute');
}

/** The full date and time, for a tooltip beside a relative time. */
export function fullDate(time: number | string | Date): string {
  const date = new Date(time);
  if (!Number.isFinite(date.getTime())) return '';
  const language = uiLanguage();
  let format = dateFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}
