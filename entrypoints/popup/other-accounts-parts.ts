/**
 * The other accounts' parts of the popup, each a chunk of its own: the strip of counts under the
 * header (loaded before the first frame, with the cache, when the member has other accounts) and
 * the panel to add, remove and choose alerts (loaded when the header's button opens it).
 */
import { otherAccountCountsItem, otherAccountsItem } from '@/lib/message-count/message-count-storage';
import { lazyView } from './lazy-view';

export const accountsStrip = lazyView(() => import('./OtherAccounts').then((module) => module.OtherAccounts));

export const accountsPanel = lazyView(() =>
  import('@/components/OtherAccountsPanel').then((module) => module.OtherAccountsPanel),
);

/** The storage the strip shows in the popup's first frame. */
export const otherAccountsStorage = [otherAccountsItem, otherAccountCountsItem] as const;

/** Loads the strip when there are accounts to show (resolves at once when there are none). */
export const preloadAccountsStrip = (): Promise<void> =>
  otherAccountsItem
    .getValue()
    .then((accounts) => (accounts.length > 0 ? accountsStrip.preload() : undefined));
