/** The translation and synthesis helpers and the uploads host. */
import { describe, expect, it } from 'vitest';
import { TRANSLATE_LANGUAGES } from './helpers/languages';
import { MAX_SYNTH_CHARACTERS } from './helpers/synthesis';
import { SAMPLE_RATE, SECONDS_PER_CHARACTER } from './helpers/wav';
import { getJson, useSandbox } from './testing';

const sandbox = useSandbox();

describe('translation helper', () => {
  it('translates deterministically with a visible marker', async () => {
    const url = `${sandbox().urls.translate}/translate?language=fr&text=${encodeURIComponent('Hello, I love this project!')}`;
    const first = await getJson<{ result: string }>(url);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('[fr] Bonjour, Je aime ce projet!');
    expect((await getJson<{ result: string }>(url)).body).toEqual(first.body);
    const german = await getJson<{ result: string }>(
      `${sandbox().urls.translate}/translate?language=de&text=hello`,
    );
    expect(german.body.result).toBe('[de] hallo');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps hostile text as text and answers 400 for an unknown language', async () => {
    const text = '<img src=x onerror=alert(1)> 🐱';
    const kept = await getJson<{ result: string }>(
      `${sandbox().urls.translate}/translate?language=ja&text=${encodeURIComponent(text)}`,
    );
    expect(kept.body.result).toBe(`[ja] ${text}`);
    const unknown = await getJson(`${sandbox().urls.translate}/translate?language=xx&text=hello`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: expect.any(String) });
  });

  it('lists the 49 supported languages', async () => {
    const supported = await getJson<{ code: string; name: string }[]>(
      `${sandbox().urls.translate}/supported`,
    );
    expect(supported.body).toHaveLength(49);
    expect(supported.body).toEqual(TRANSLATE_LANGUAGES);
    expect(supported.body.map((l) => l.code)).toContain('zh-tw');
  });
});

describe('synthesis helper', () => {
  const synth = async (query: string) => {
    const response = await fetch(`${sandbox().urls.synthesis}/synth?${query}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const seconds = (wav: Buffer) => wav.readUInt32LE(40) / 2 / SAMPLE_RATE;

  it('answers a playable WAV whose length follows the text', async () => {
    const { response, bytes } = await synth('locale=en-US&gender=male&text=hello%20there');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(bytes.readUInt16LE(22)).toBe(1); // mono
    expect(bytes.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(bytes.length).toBe(44 + bytes.readUInt32LE(40));
    expect(seconds(bytes)).toBeCloseTo(11 * SECONDS_PER_CHARACTER, 2);
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, (bytes.length - 44) / 2);
    expect(Math.max(...samples)).toBeGreaterThan(1000); // not silence
  });

  it('cuts the text at 128 characters', async () => {
    const { response, bytes } = await synth(`locale=en-US&gender=female&text=${'a'.repeat(300)}`);
    expect(response.headers.get('x-synthesis-characters')).toBe(String(MAX_SYNTH_CHARACTERS));
    expect(seconds(bytes)).toBeCloseTo(MAX_SYNTH_CHARACTERS * SECONDS_PER_CHARACTER, 2);
  });

  it('honours gender, forces female for female-only locales, and falls back to en-US', async () => {
    const male = await synth('locale=de-DE&gender=male&text=hallo');
    const female = await synth('locale=de-DE&gender=female&text=hallo');
    expect(male.response.headers.get('x-synthesis-gender')).toBe('male');
    expect(female.response.headers.get('x-synthesis-gender')).toBe('female');
    expect(Buffer.compare(male.bytes, female.bytes)).not.toBe(0);
    const korean = await synth('locale=ko-KR&gender=male&text=hi');
    expect(korean.response.headers.get('x-synthesis-gender')).toBe('female');
    const unknown = await synth('locale=xx-XX&gender=male&text=hi');
    expect(unknown.response.headers.get('x-synthesis-locale')).toBe('en-US');
  });
});

describe('uploads host', () => {
  it('serves deterministic PNG avatars and thumbnails, different per id', async () => {
    const png = async (path: string) => {
      const response = await fetch(`${sandbox().urls.uploads}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await response.arrayBuffer());
    };
    const avatar = await png('/users/avatars/5000001.png');
    expect(avatar.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(Buffer.compare(avatar, await png('/users/avatars/5000001.png'))).toBe(0);
    expect(Buffer.compare(avatar, await png('/users/avatars/5000002.png'))).not.toBe(0);
    const thumbnail = await png('/projects/thumbnails/800000001.png');
    expect(thumbnail.readUInt32BE(16)).toBe(480); // IHDR width
    expect(thumbnail.readUInt32BE(20)).toBe(360);
    const sized = await png('/get_image/user/5000001_32x32.png');
    expect(sized.readUInt32BE(16)).toBe(32);
    expect((await fetch(`${sandbox().urls.uploads}/users/avatars/nope.png`)).status).toBe(404);
  });
});

describe('the translation helper’s limit', () => {
  // The live limit is unknown; the sandbox's is its HTTP server's: a request head over 16 KiB is
  // refused (431), as front ends refuse long URLs. Companion sends pieces far below it (lib/api/text-split.ts).
  it('takes a 1,000-character piece, even of CJK text, and refuses a request head over 16 KiB', async () => {
    const cjk = '漢'.repeat(1000);
    const ok = await fetch(
      `${sandbox().urls.translate}/translate?language=fr&text=${encodeURIComponent(cjk)}`,
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: string }).result).toBe(`[fr] ${cjk}`);
    const tooLong = await fetch(
      `${sandbox().urls.translate}/translate?language=fr&text=${encodeURIComponent('é'.repeat(3000))}`,
    );
    expect(tooLong.status).toBe(431);
  });
});
