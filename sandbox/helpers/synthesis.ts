/**
 * The speech synthesis helper (legacy on the live site): `GET /synth?locale=&gender=&text=`
 * answers a WAV. The text is cut at 128 characters, as the live helper's client sends at most that;
 * female-only locales always get the female voice; an unknown locale falls back to en-US. The
 * headers `X-Synthesis-Locale`, `X-Synthesis-Gender` and `X-Synthesis-Characters` say what was
 * actually synthesised (tests read them; the live helper has no such headers).
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../origins';
import { synthesiseWav } from './wav';

export const SPEECH_LOCALES = [
  'arb',
  'cmn-CN',
  'da-DK',
  'nl-NL',
  'en-US',
  'fr-FR',
  'de-DE',
  'hi-IN',
  'is-IS',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'nb-NO',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'es-ES',
  'es-US',
  'sv-SE',
  'tr-TR',
  'cy-GB',
] as const;
export const FEMALE_ONLY_LOCALES = new Set([
  'arb',
  'cmn-CN',
  'hi-IN',
  'ko-KR',
  'nb-NO',
  'ro-RO',
  'sv-SE',
  'tr-TR',
  'cy-GB',
]);
export const MAX_SYNTH_CHARACTERS = 128;

export function mountSynthesisRoutes(app: Hono<SandboxEnv>): void {
  app.get('/synth', (c) => {
    const asked = c.req.query('locale') ?? 'en-US';
    const locale = SPEECH_LOCALES.find((l) => l.toLowerCase() === asked.toLowerCase()) ?? 'en-US';
    const gender = FEMALE_ONLY_LOCALES.has(locale) || c.req.query('gender') !== 'male' ? 'female' : 'male';
    const characters = Array.from(c.req.query('text') ?? '').slice(0, MAX_SYNTH_CHARACTERS);
    // Each locale speaks a little higher or lower, so a locale change is audible.
    const localeShift = (SPEECH_LOCALES.indexOf(locale) % 5) * 6;
    const wav = synthesiseWav(characters.join(''), (gender === 'female' ? 210 : 115) + localeShift);
    return c.body(new Uint8Array(wav), 200, {
      'Content-Type': 'audio/wav',
      'X-Synthesis-Locale': locale,
      'X-Synthesis-Gender': gender,
      'X-Synthesis-Characters': String(characters.length),
      'Access-Control-Expose-Headers': 'X-Synthesis-Locale, X-Synthesis-Gender, X-Synthesis-Characters',
    });
  });

  app.notFound((c) => c.json({ error: 'not found' }, 404));
}
