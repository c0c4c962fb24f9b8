/**
 * Chrome's offscreen document for read-aloud audio (the service worker has no DOM): it plays the
 * clips the background sends through an <audio> element here, where the site's
 * Content-Security-Policy does not apply. See lib/read-aloud/audio-player.ts.
 */
import { elementAudioPlayer, fromBase64, offscreenAudioMessaging } from '@/lib/read-aloud/audio-player';

const player = elementAudioPlayer();
const { onMessage } = offscreenAudioMessaging;
const fromBackground = (sender: { id?: string; url?: string }) =>
  sender.id === browser.runtime.id && !sender.url?.startsWith('http');

onMessage('offscreenAudio.start', ({ data, sender }) => {
  if (!fromBackground(sender)) throw new Error('Untrusted sender');
  return player.start({ bytes: fromBase64(data.base64), type: data.type });
});
onMessage('offscreenAudio.done', ({ sender }) => {
  if (!fromBackground(sender)) throw new Error('Untrusted sender');
  return player.done();
});
onMessage('offscreenAudio.stop', ({ sender }) => {
  if (!fromBackground(sender)) throw new Error('Untrusted sender');
  return player.stop();
});
