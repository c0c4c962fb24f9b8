/**
 * The storage the My Stuff view's first frame shows, read with the view's chunk (lazy-view.tsx):
 * the member's own projects and favorites (mystuff-data.ts reads them). A chunk of its own: its item
 * loads with the My Stuff tab, not with every tab.
 *
 * @view-part MyStuffTab (scripts/bench/bundle-sizes.ts counts it with that view)
 */
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';

export const myStuffViewStorage = [myStuffCacheItem];
