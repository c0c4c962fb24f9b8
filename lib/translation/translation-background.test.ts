/**
 * The translation and read-aloud handlers behind the protocol's checks: a language code the helpers
 * do not know (`constructor`, `__proto__`, `toString`, any code outside their tables) is refused by
 * name, before any request to either helper. The services themselves: translation.test.ts and
 * read-aloud.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import { createTranslationService } from '@/lib/translation/translation';
import { fromBase64 } from '../read-aloud/audio-base64';
import { type AudioPlayer, createReadAloud, type Voice } from '../read-aloud/read-aloud';
import { translationHandlers } from './translation-background';

function handlers() {
  const translated: { text: string; language: string }[] = [];
  const spoken: Voice[] = [];
  const translation = createTranslationService({
    translatePiece: async (text, language) => {
      translated.push({ text, language });
      return { text: `[${language}] ${text}`, from: 'en' };
    },
    loadCache: async () => ({}),
    saveCache: async () => undefined,
    now: () => 1,
  });
  const player: AudioPlayer = {
    start: async () => undefined,
    done: () => new Promise(() => undefined),
    stop: async () => undefined,
  };
  const synthesize = async (_text: string, voice: Voice) => {
    spoken.push(voice);
    return { bytes: new Uint8Array([0, 1, 254, 255]), type: 'audio/mpeg' };
  };
  const reader = createReadAloud({ synthesize, player });
  const checked = checkedHandlers(
    siteProfiles.public,
    translationHandlers({ translation, reader, synthesize, preferredVoice: async () => 'female' }),
  );
  return { checked, translated, spoken };
}

const page = 'https://scratch.mit.edu/projects/1/';
const contentScript = () => ({
  id: fakeBrowser.runtime.id,
  url: page,
  tab: { id: 7, index: 0, url: page } as never,
});

/** The popup (an extension page). */
const popup = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });

const HOSTILE_CODES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'xx',
  'EN',
  'zh-CN',
];

describe('translation handlers', () => {
  it('refuse a language the translation helper does not know, before any request', async () => {
    const { checked, translated } = handlers();
    for (const language of HOSTILE_CODES) {
      const answer = checked.translate({ data: { text: 'hello', language }, sender: contentScript() });
      await expect(answer).rejects.toThrow(`Unknown language: "${language}"`);
      await expect(answer).rejects.toHaveProperty('name', 'UnknownLanguage');
    }
    expect(translated).toEqual([]);
    await expect(
      checked.translate({ data: { text: 'hello', language: 'zh-cn' }, sender: contentScript() }),
    ).resolves.toMatchObject({ text: '[zh-cn] hello', cached: false });
    expect(translated).toEqual([{ text: 'hello', language: 'zh-cn' }]);
  });

  it('refuse to read aloud in a language neither helper knows, before any request', async () => {
    const { checked, spoken } = handlers();
    for (const language of HOSTILE_CODES.filter((code) => code !== 'EN' && code !== 'zh-CN')) {
      const answer = checked.startReading({ data: { text: 'hello', language }, sender: contentScript() });
      await expect(answer).rejects.toThrow(`Unknown language: "${language}"`);
    }
    expect(spoken).toEqual([]);
    // A helper language with a voice, one without (the default voice), and a guess from the script.
    for (const language of ['fr', 'he', 'hi']) {
      await checked.startReading({ data: { text: 'hello', language }, sender: contentScript() });
    }
    expect(spoken.map((voice) => voice.locale)).toEqual(['fr-FR', 'en-US', 'hi-IN']);
  });

  it('give the popup one piece of speech as text it can play, in the voice asked for, and nothing to a page', async () => {
    const { checked, spoken } = handlers();
    for (const language of ['constructor', '__proto__', 'xx']) {
      const answer = checked.speechClip({
        data: { text: 'hello', language, voice: 'male' },
        sender: popup(),
      });
      await expect(answer).rejects.toThrow(`Unknown language: "${language}"`);
    }
    expect(spoken).toEqual([]);
    const clip = await checked.speechClip({
      data: { text: 'bonjour', language: 'fr', voice: 'male' },
      sender: popup(),
    });
    expect(clip).toEqual({ base64: 'AAH+/w==', type: 'audio/mpeg' });
    expect(fromBase64(clip.base64)).toEqual(new Uint8Array([0, 1, 254, 255]));
    // A voice the helper has only as female is asked for as female.
    await checked.speechClip({ data: { text: 'merhaba', language: 'tr', voice: 'male' }, sender: popup() });
    expect(spoken).toEqual([
      { locale: 'fr-FR', gender: 'male' },
      { locale: 'tr-TR', gender: 'female' },
    ]);
    // More than one piece, or from a site page: refused before the helper.
    await expect(
      checked.speechClip({ data: { text: 'x'.repeat(129), language: 'en', voice: 'male' }, sender: popup() }),
    ).rejects.toThrow();
    await expect(
      checked.speechClip({ data: { text: 'hi', language: 'en', voice: 'male' }, sender: contentScript() }),
    ).rejects.toThrow();
    expect(spoken).toHaveLength(2);
  });
});
