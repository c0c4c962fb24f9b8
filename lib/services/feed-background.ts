/**
 * The feed service as the background runs it: storage for the cache, the protocol handlers the
 * popup uses. `registerFeed` registers every listener synchronously.
 */
import type { SiteProfile } from '@/lib/config';
import { onMessage } from '@/lib/protocol';
import { isTrustedSender } from '@/lib/sender';

export interface FeedDeps {
  profile: SiteProfile;
}

/** Registers the feed's protocol handlers. Call synchronously from the background's main function. */
export function registerFeed(deps: FeedDeps): void {
  const { profile } = deps;
  onMessage('refreshFeed', ({ sender }) => {
    if (!isTrustedSender(sender, profile) || sender.tab !== undefined) throw new Error('Untrusted sender');
  });
  onMessage('loadMoreFeed', ({ sender }) => {
    if (!isTrustedSender(sender, profile) || sender.tab !== undefined) throw new Error('Untrusted sender');
  });
}
