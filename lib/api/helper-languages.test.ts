import { describe, expect, it } from 'vitest';
import {
  guessLanguageFromScript,
  languageDirection,
  languageName,
  languageTag,
  memberLanguage,
  siteLanguageCookie,
  speechGender,
  speechLocale,
  TRANSLATION_LANGUAGES,
  translationLanguage,
} from '@/lib/api/helper-languages';
import { translationSettingsOf } from '@/lib/translation/translation-model';

describe('translation languages', () => {
  it('are the helper’s 49', () => {
    expect(TRANSLATION_LANGUAGES).toHaveLength(49);
    expect(new Set(TRANSLATION_LANGUAGES).size).toBe(49);
  });

  it('map site and browser locales onto the helper’s codes', () => {
    const cases: [string, string | null][] = [
      ['es-419', 'es'],
      ['pt-br', 'pt'],
      ['pt-PT', 'pt'],
      ['ja-Hira', 'ja'],
      ['zh-cn', 'zh-cn'],
      ['zh-TW', 'zh-tw'],
      ['zh_Hant_HK', 'zh-tw'],
      ['zh-Hans', 'zh-cn'],
      ['zh', 'zh-cn'],
      ['en-US', 'en'],
      ['nb', 'nb'],
      ['no', 'nb'],
      ['nn', 'nb'],
      ['iw', 'he'],
      ['ckb', 'ckb'],
      ['sr-Latn', 'sr'],
      ['gd', 'gd'],
      ['fil', null], // the helper has no Filipino
      ['', null],
    ];
    for (const [locale, expected] of cases) expect(translationLanguage(locale), locale).toBe(expected);
  });

  it('find nothing for the names of an object’s prototype (a page sets the cookie and <html lang>)', () => {
    for (const code of [
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'constructor-x',
    ]) {
      expect(translationLanguage(code)).toBeNull();
      expect(speechLocale(code)).toBeNull();
    }
    expect(
      memberLanguage({ siteCookie: 'constructor', pageLang: '__proto__', browserLanguages: ['fr'] }),
    ).toBe('fr');
  });

  it('picks the member’s language: setting, site cookie, page, browser, English', () => {
    expect(
      memberLanguage({ setting: 'de', siteCookie: 'fr', pageLang: 'ja', browserLanguages: ['it'] }),
    ).toBe('de');
    expect(memberLanguage({ setting: '', siteCookie: 'pt-br', pageLang: 'ja' })).toBe('pt');
    expect(memberLanguage({ setting: '', siteCookie: null, pageLang: 'es-419' })).toBe('es');
    expect(memberLanguage({ siteCookie: 'xx', pageLang: '', browserLanguages: ['fil', 'ko-KR'] })).toBe('ko');
    expect(memberLanguage({})).toBe('en');
  });

  it('reads the site’s language cookie', () => {
    expect(siteLanguageCookie('a=1; scratchlanguage=pt-br; b=2')).toBe('pt-br');
    expect(siteLanguageCookie('scratchlanguage=zh%2Dcn')).toBe('zh-cn');
    expect(siteLanguageCookie('scratchlanguage=')).toBeNull();
    expect(siteLanguageCookie('other=fr')).toBeNull();
  });

  it('tags and names languages (each in its own name for the settings)', () => {
    expect(languageTag('zh-tw')).toBe('zh-TW');
    expect(languageTag('fr')).toBe('fr');
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('fr', 'fr')).toBe('français');
    expect(languageName('ja', 'ja')).toBe('日本語');
  });

  it('writes Arabic, Sorani, Persian and Hebrew right to left, the other helper languages left to right', () => {
    const rtl = TRANSLATION_LANGUAGES.filter((code) => languageDirection(code) === 'rtl');
    expect(rtl).toEqual(['ar', 'ckb', 'fa', 'he']);
    // Each agrees with the browser's own knowledge of the script, where it has it.
    for (const code of TRANSLATION_LANGUAGES) {
      const info = (new Intl.Locale(code) as unknown as { textInfo?: { direction: string } }).textInfo;
      if (info) expect(languageDirection(code), code).toBe(info.direction);
    }
  });

  it('picks a voice for a language; female-only locales are always female', () => {
    expect(speechLocale('fr')).toBe('fr-FR');
    expect(speechLocale('zh-tw')).toBe('cmn-CN');
    expect(speechLocale('ar')).toBe('arb');
    expect(speechLocale('pt-PT')).toBe('pt-PT');
    expect(speechLocale('pt')).toBe('pt-BR');
    expect(speechLocale('es-419')).toBe('es-US');
    expect(speechLocale('el')).toBeNull();
    expect(speechGender('ko-KR', 'male')).toBe('female');
    expect(speechGender('de-DE', 'male')).toBe('male');
  });

  it('guesses the language of an original from its script', () => {
    expect(guessLanguageFromScript('こんにちは世界', 'en')).toBe('ja');
    expect(guessLanguageFromScript('你好', 'en')).toBe('zh-cn');
    expect(guessLanguageFromScript('مرحبا', 'en')).toBe('ar');
    expect(guessLanguageFromScript('Привет', 'en')).toBe('ru');
    expect(guessLanguageFromScript('Bonjour', 'fr')).toBe('fr');
  });

  it('reads settings with defaults for anything missing or malformed', () => {
    expect(translationSettingsOf(undefined)).toEqual({
      buttons: true,
      language: '',
      readAloud: false,
      voice: 'female',
    });
    expect(translationSettingsOf({ language: 'xx', readAloud: 'yes', voice: 'male' })).toEqual({
      buttons: true,
      language: '',
      readAloud: false,
      voice: 'male',
    });
    expect(translationSettingsOf({ language: 'de', readAloud: true })).toMatchObject({
      language: 'de',
      readAloud: true,
    });
  });
});
