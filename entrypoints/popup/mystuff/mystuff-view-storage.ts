/**
 * The storage the My Stuff view's first frame shows, read with the view's chunk (lazy-view.tsx):
 * the member's own projects and favorites (mystuff-data.ts reads them), and the cards' gains this week
 * (a small item of their own: "Over time" reads the whole record when it opens). A chunk of its own:
 * its items load with the My Stuff tab, not with every tab.
 *
 * @view-part MyStuffTab (scripts/bench/bundle-sizes.ts counts it with that view)
 */
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { projectWeekGainsItem } from '@/lib/project-history/week-gains-storage';

export const myStuffViewStorage = [myStuffCacheItem, projectWeekGainsItem];
