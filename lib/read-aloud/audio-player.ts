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
import { toBase64 } from './audio-base64';
import type { AudioClip, AudioPlayer } from './read-aloud';

// The offscreen document plays with the same element player as the Firefox background.
export { fromBase64 } from './audio-base64';
export { elementAudioPlayer } from './element-audio-player';

/** The messages between the Chrome background and its offscreen player. */
interface OffscreenAudioProtocol {
  'offscreenAudio.start'(data: { base64: string; type: string }): void;
  'offscreenAudio.done'(): 'ended' | 'stopped';
  'offscreenAudio.stop'(): void;
}

export const offscreenAudioMessaging = defineExtensionMessaging<OffscreenAudioProtocol>();

export const OFFSCREEN_PATH = '/offscreen.html';

/** Offscreen document API (Chrome 109+), typed here: not every browser's typings have it. */
interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  hasDocument?(): Promise<boolean>;
}

/**
 * The message found no offscreen document: Chrome closes one that has played nothing audible for
 * 30 s, and it may close between the check that it is open and the message.
 */
const documentGone = (error: unknown) =>
  /Receiving end does not exist|message port closed/i.test(
    error instanceof Error ? error.message : String(error),
  );

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
      const data = { base64: toBase64(clip.bytes), type: clip.type };
      await ensureDocument();
      try {
        await sendMessage('offscreenAudio.start', data);
      } catch (error) {
        // Closed by the browser as the clip was sent: opened again, and the clip sent once more.
        if (!documentGone(error)) throw error;
        await ensureDocument();
        await sendMessage('offscreenAudio.start', data);
      }
    },
    async done() {
      return sendMessage('offscreenAudio.done', undefined).catch(() => 'stopped' as const);
    },
    async stop() {
      await sendMessage('offscreenAudio.stop', undefined).catch(() => undefined);
    },
  };
}
