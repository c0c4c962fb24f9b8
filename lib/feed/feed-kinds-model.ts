/**
 * The kinds of events a member can filter, in the order the filters show them. A module of its own:
 * only the views that show the filters load it (the popup's Feed tab, the options page), not every
 * page that reads the feed's settings (lib/feed/feed-model.ts).
 */
import type { FeedKind } from './feed-model';

export const FEED_KINDS: readonly FeedKind[] = Object.freeze([
  'follows',
  'loves',
  'favorites',
  'remixes',
  'shares',
  'studios',
]);
