/**
 * Reading a text aloud through the speech helper: the text is cut between words into pieces of at
 * most 128 characters, each piece is fetched while the one before it plays, and one reading runs at
 * a time (the browser has one player: a new reading, from any tab, stops the one before). Pure core
 * with ports: the helper (API client) and a player (an audio element in an extension page, see
 * audio-player.ts). read-aloud.test.ts drives it with fakes.
 */
import { splitForSpeech } from '@/lib/api/text-split';

export interface AudioClip {
  bytes: Uint8Array;
  /** Its `Content-Type`, e.g. `audio/mpeg`. */
  type: string;
}

export interface AudioPlayer {
  /** Starts a clip (stopping any other); resolves once it is playing, rejects when it cannot play. */
  start(clip: AudioClip): Promise<void>;
  /** Resolves when the clip started last has played to its end (`ended`) or was stopped. */
  done(): Promise<'ended' | 'stopped'>;
  stop(): Promise<void>;
}

export interface Voice {
  locale: string;
  gender: 'female' | 'male';
}

export interface ReadAloudPorts {
  synthesize(text: string, voice: Voice): Promise<AudioClip>;
  player: AudioPlayer;
}

export type ReadingOutcome = 'finished' | 'stopped' | 'failed';

export interface ReadAloud {
  /**
   * Starts reading `text` for `owner` (a tab), stopping any reading. Resolves with the reading's id
   * once the first piece plays; rejects when it cannot start (the helper failed, audio refused).
   */
  start(owner: number, text: string, voice: Voice): Promise<number>;
  /** Resolves when reading `id` ends, whatever ended it (an unknown id has ended: `stopped`). */
  ended(id: number): Promise<ReadingOutcome>;
  /** Stops reading `id` if it runs for `owner` (a tab stops only its own). */
  stop(owner: number, id: number): Promise<void>;
}

interface Reading {
  id: number;
  owner: number;
  stopped: boolean;
  ended: Promise<ReadingOutcome>;
}

export function createReadAloud(ports: ReadAloudPorts): ReadAloud {
  let nextId = 1;
  let current: Reading | null = null;
  const endings = new Map<number, Promise<ReadingOutcome>>();

  const stopCurrent = async () => {
    const reading = current;
    if (!reading) return;
    reading.stopped = true;
    current = null;
    await ports.player.stop().catch(() => undefined);
  };

  /** Plays the pieces in order; `onPlaying` once the first one sounds. */
  const play = async (reading: Reading, pieces: string[], voice: Voice, onPlaying: () => void) => {
    let next: Promise<AudioClip> | null = ports.synthesize(pieces[0] as string, voice);
    for (let index = 0; next !== null; index++) {
      const clip = await next;
      if (reading.stopped) return 'stopped';
      const following = pieces[index + 1];
      // Fetched while this piece plays, so the next one is ready when it ends.
      next = following === undefined ? null : ports.synthesize(following, voice);
      next?.catch(() => undefined);
      await ports.player.start(clip);
      if (reading.stopped) return 'stopped';
      if (index === 0) onPlaying();
      if ((await ports.player.done()) === 'stopped' || reading.stopped) return 'stopped';
    }
    return 'finished';
  };

  return {
    async start(owner, text, voice) {
      await stopCurrent();
      const pieces = splitForSpeech(text);
      if (pieces.length === 0) throw new Error('Nothing to read.');
      let started!: () => void;
      let failed!: (error: unknown) => void;
      const playing = new Promise<void>((resolve, reject) => {
        started = resolve;
        failed = reject;
      });
      const reading: Reading = { id: nextId++, owner, stopped: false, ended: Promise.resolve('stopped') };
      current = reading;
      reading.ended = play(reading, pieces, voice, started).then(
        (outcome) => {
          if (outcome === 'stopped') failed(new Error('Stopped before it started.'));
          return outcome;
        },
        (error: unknown) => {
          failed(error);
          return 'failed' as const;
        },
      );
      void reading.ended.finally(() => {
        if (current === reading) current = null;
        endings.delete(reading.id);
      });
      endings.set(reading.id, reading.ended);
      await playing;
      return reading.id;
    },
    ended(id) {
      return endings.get(id) ?? Promise.resolve('stopped');
    },
    async stop(owner, id) {
      if (current?.owner === owner && current.id === id) await stopCurrent();
    },
  };
}
