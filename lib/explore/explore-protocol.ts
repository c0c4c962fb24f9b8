/**
 * Explore's messages (./explore-background.ts answers them). Results arrive in storage
 * (`exploreCacheItem`, `exploreViewsItem`); these resolve when the reads end, failures recorded
 * beside the data.
 */
import { z } from 'zod';
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';
import { flag, forceOnly, moment } from '@/lib/protocol/fields';
import type { DetailSource, ListSource } from './explore-model';
import { validDetailSource, validListSource } from './explore-sources';

/** Only sources the explore service serves, with sane values (explore-sources.ts). */
const listSource = z
  .custom<ListSource>((value) => validListSource(value) !== null)
  .transform((value) => validListSource(value) as ListSource);
const detailSource = z
  .custom<DetailSource>((value) => validDetailSource(value) !== null)
  .transform((value) => validDetailSource(value) as DetailSource);

export const exploreMessages = {
  /** The featured rows (hourly) and the shared-project count (daily), unless fresh. */
  refreshExploreHome: { from: EXTENSION_PAGE, data: forceOnly, answer: answer<void>() },
  /** A list's first page unless fresh (explore/search: 5 minutes; views: read since `since`). */
  refreshExploreList: {
    from: EXTENSION_PAGE,
    data: z.object({ source: listSource, since: moment, force: flag }),
    answer: answer<void>(),
  },
  /** The end of a list came into view: its next page of 40. */
  loadMoreExplore: { from: EXTENSION_PAGE, data: z.object({ source: listSource }), answer: answer<void>() },
  /** What a view shows (project, person, studio), unless read since `since` (the popup's opening). */
  openExploreView: {
    from: EXTENSION_PAGE,
    data: z.object({ source: detailSource, since: moment, force: flag }),
    answer: answer<void>(),
  },
} as const satisfies Declarations;
