/**
 * The belled studios' news (lib/feed/studio-news.ts writes it; the popup's Following closely and the
 * notifier read it). Apart from ./feed-storage.ts, which the popup loads as it opens: this item loads
 * only with Following closely, which only members with a bell load (the popup's size budget).
 */
import { defineItem } from '@/lib/storage/storage-item';
import type { StudioNews } from './studio-news-model';

/**
 * The belled studios' newest projects, from each studio's own activity: a few per studio, at most
 * 20 studios. Public, so kept by studio; but which studios is the member's own choice, so only the
 * signed-in member's belled studios are kept (./studio-news.ts drops the others at a change of bells
 * or of member). Only the background writes it.
 */
export const studioNewsItem = defineItem<StudioNews>('local:studioNews', {
  // Written out (not studio-news-model.ts's `emptyStudioNews`): the popup's chunk stays without it.
  fallback: { checkedAt: 0, studios: {} },
  version: 1,
});
