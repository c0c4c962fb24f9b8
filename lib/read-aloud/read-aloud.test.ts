/**
 * Read aloud with a fake helper and player: pieces of at most 128 characters, the next fetched while
 * one plays, one reading at a time, and a stop that stops.
 */
import { describe, expect, it } from 'vitest';
import { type AudioClip, type AudioPlayer, createReadAloud } from './read-aloud';

function fakePlayer() {
  const played: string[] = [];
  let finish: ((how: 'ended' | 'stopped') => void) | null = null;
  let done: Promise<'ended' | 'stopped'> = Promise.resolve('stopped');
  const player: AudioPlayer = {
    async start(clip) {
      finish?.('stopped');
      played.push(new TextDecoder().decode(clip.bytes));
      done = new Promise((resolve) => {
        finish = resolve;
      });
    },
    done: () => done,
    async stop() {
      finish?.('stopped');
      finish = null;
    },
  };
  return { player, played, end: () => finish?.('ended') };
}

const clip = (text: string): AudioClip => ({ bytes: new TextEncoder().encode(text), type: 'audio/wav' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('read aloud', () => {
  it('fetches pieces of at most 128 characters, the next while one plays, and plays them in order', async () => {
    const fetched: string[] = [];
    const { player, played, end } = fakePlayer();
    const reader = createReadAloud({
      synthesize: async (text, voice) => {
        fetched.push(text);
        expect(voice).toEqual({ locale: 'fr-FR', gender: 'male' });
        return clip(text);
      },
      player,
    });
    const text = 'Bonjour tout le monde, voici un texte assez long. '.repeat(8);
    const id = await reader.start(1, text, { locale: 'fr-FR', gender: 'male' });
    await tick();
    // The first plays; the second is already fetched.
    expect(played).toHaveLength(1);
    expect(fetched).toHaveLength(2);
    for (const piece of fetched) expect(piece.length).toBeLessThanOrEqual(128);
    const ended = reader.ended(id);
    for (let i = 0; i < 10; i++) {
      end();
      await tick();
      await tick();
    }
    expect(await ended).toBe('finished');
    expect(played.join(' ')).toBe(text.trim());
  });

  it('stops on request (only its own tab’s), and a new reading stops the one before', async () => {
    const { player, played } = fakePlayer();
    const reader = createReadAloud({ synthesize: async (text) => clip(text), player });
    const first = await reader.start(1, 'First text to read.', { locale: 'en-US', gender: 'female' });
    await reader.stop(2, first);
    expect(played).toEqual(['First text to read.']);
    const firstEnded = reader.ended(first);
    const second = await reader.start(2, 'Second text.', { locale: 'en-US', gender: 'female' });
    expect(await firstEnded).toBe('stopped');
    const secondEnded = reader.ended(second);
    await reader.stop(2, second);
    expect(await secondEnded).toBe('stopped');
  });

  it('fails to start when the helper fails', async () => {
    const { player } = fakePlayer();
    const reader = createReadAloud({
      synthesize: async () => {
        throw new Error('503');
      },
      player,
    });
    await expect(reader.start(1, 'Hello', { locale: 'en-US', gender: 'female' })).rejects.toThrow('503');
  });
});
