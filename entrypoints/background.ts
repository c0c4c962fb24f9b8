/**
 * Composition root of the background service worker: builds the services and registers every
 * listener synchronously at start (MV3 workers are stopped after ~30 s idle and woken by events).
 */
import { currentProfile } from '@/lib/config';
import { onMessage } from '@/lib/protocol';
import { isTrustedSender } from '@/lib/sender';

export default defineBackground(() => {
  const profile = currentProfile();

  onMessage('ping', ({ sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    return { ok: true, version: browser.runtime.getManifest().version, profile: profile.name };
  });
});
