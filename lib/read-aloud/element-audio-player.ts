/**
 * An <audio> element in an extension page, one clip at a time, from a `blob:` URL: the player of
 * the Firefox background, of Chrome's offscreen document (audio-player.ts) and of the popup, which
 * is a page and plays its own readings (components/popup-reader.ts).
 */
import type { AudioPlayer } from './read-aloud';

export function elementAudioPlayer(): AudioPlayer {
  let current: { audio: HTMLAudioElement; url: string; finish: (how: 'ended' | 'stopped') => void } | null =
    null;
  let finished: Promise<'ended' | 'stopped'> = Promise.resolve('stopped');

  const stop = () => {
    const playing = current;
    current = null;
    if (!playing) return;
    playing.audio.pause();
    playing.audio.removeAttribute('src');
    URL.revokeObjectURL(playing.url);
    playing.finish('stopped');
  };

  return {
    start(clip) {
      stop();
      const url = URL.createObjectURL(new Blob([clip.bytes as Uint8Array<ArrayBuffer>], { type: clip.type }));
      const audio = new Audio(url);
      // Marked, so a test (or a curious member in the devtools) can find what plays.
      audio.dataset.companion = 'read-aloud-audio';
      let finish!: (how: 'ended' | 'stopped') => void;
      finished = new Promise((resolve) => {
        finish = resolve;
      });
      const entry = { audio, url, finish };
      current = entry;
      audio.addEventListener('ended', () => {
        if (current !== entry) return;
        current = null;
        URL.revokeObjectURL(url);
        finish('ended');
      });
      return new Promise<void>((resolve, reject) => {
        audio.addEventListener('playing', () => resolve(), { once: true });
        audio.addEventListener('error', () => reject(new Error('The audio could not be played.')), {
          once: true,
        });
        audio.play().catch(reject);
      });
    },
    done: () => finished,
    async stop() {
      stop();
    },
  };
}
