/**
 * Where read-aloud audio plays: in an extension page, never in the site's page. A site page's
 * Content-Security-Policy may refuse `blob:` and `data:` media (and content scripts' media loads
 * count as the page's), and the live site's policy is not documented: an extension page is under
 * the extension's own policy in both browsers, whatever the site sends.
 *
 * - Firefox: the MV3 background is an event page with a DOM: it plays an <audio> element itself.
 * - Chrome: the background is a service worker without a DOM: it opens an offscreen document
 *   (`chrome.offscreen`, reason AUDIO_PLAYBACK, which may play without a user gesture) and drives
 *   the same player there over runtime messages (entrypoints/offscreen/main.ts).
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { AudioClip, AudioPlayer } from './read-aloud';

/** An <audio> element in this document, one clip at a time, from a `blob:` URL. */
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

/** The messages between the Chrome background and its offscreen player. */
interface OffscreenAudioProtocol {
  'offscreenAudio.start'(data: { base64: string; type: string }): void;
  'offscreenAudio.done'(): 'ended' | 'stopped';
  'offscreenAudio.stop'(): void;
}

export const offscreenAudioMessaging = defineExtensionMessaging<OffscreenAudioProtocol>();

export const OFFSCREEN_PATH = '/offscreen.html';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Offscreen document API (Chrome 109+), typed here: not every browser's typings have it. */
interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  hasDocument?(): Promise<boolean>;
}

/** The Chrome player: an offscreen document (opened when first needed) plays the clips. */
export function offscreenAudioPlayer(): AudioPlayer {
  const { sendMessage } = offscreenAudioMessaging;
  let opening: Promise<void> | null = null;
  const ensureDocument = async () => {
    const chromeApi = (
      globalThis as unknown as {
        chrome?: {
          offscreen?: OffscreenApi;
          runtime: { getContexts?: (filter: object) => Promise<unknown[]> };
        };
      }
    ).chrome;
    const offscreen = chromeApi?.offscreen;
    if (!offscreen) throw new Error('This browser cannot play audio from the background.');
    const contexts = await chromeApi.runtime.getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] });
    if (contexts && contexts.length > 0) return;
    opening ??= offscreen
      .createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['AUDIO_PLAYBACK'],
        justification: 'Reads comments and project notes aloud when the member asks.',
      })
      .catch((error: unknown) => {
        // Another call opened it first.
        if (!String(error).includes('single offscreen')) throw error;
      })
      .finally(() => {
        opening = null;
      });
    await opening;
  };
  return {
    async start(clip: AudioClip) {
      await ensureDocument();
      await sendMessage('offscreenAudio.start', { base64: toBase64(clip.bytes), type: clip.type });
    },
    async done() {
      return sendMessage('offscreenAudio.done', undefined).catch(() => 'stopped' as const);
    },
    async stop() {
      await sendMessage('offscreenAudio.stop', undefined).catch(() => undefined);
    },
  };
}
