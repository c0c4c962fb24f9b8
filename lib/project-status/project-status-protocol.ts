/**
 * The project statuses' messages (./project-status-background.ts answers them). The statuses
 * themselves arrive in storage (`projectStatusesItem`): these messages only say what is in view.
 */
import { z } from 'zod';
import { answer, type Declarations, EITHER, SITE_TAB } from '@/lib/protocol/declaration';
import { flag, id } from '@/lib/protocol/fields';

/** Project ids: more than this in one message is refused (no page shows that many at once)... */
const MAX_IDS = 1000;
/** ...and at most this many of them are taken (a page shows a few dozen at a time). */
export const MAX_IDS_TAKEN = 200;

/** Project ids in view: numbers; those that are not ids are dropped, the first MAX_IDS_TAKEN kept. */
const projectIds = z
  .array(z.number())
  .max(MAX_IDS)
  .transform((ids) =>
    ids.filter((value) => Number.isSafeInteger(value) && value > 0).slice(0, MAX_IDS_TAKEN),
  );

export const projectStatusMessages = {
  /**
   * These projects are in view now (the newest first in the queue): read their love/favorite status
   * where it is missing or stale. Resolves once queued, not once read.
   */
  getProjectStatuses: { from: EITHER, data: z.object({ ids: projectIds }), answer: answer<void>() },
  /** These projects left view; drop their reads that have not started. */
  projectsLeftView: { from: EITHER, data: z.object({ ids: projectIds }), answer: answer<void>() },
  /**
   * On `/projects/<id>/` (that project's page only: its handler checks): the site's own love/favorite
   * button shows this state. Updates the cached marks only; never makes the background send anything.
   */
  reportProjectStatus: {
    from: SITE_TAB,
    data: z.object({ projectId: id, loved: flag, favorited: flag }),
    answer: answer<void>(),
  },
} as const satisfies Declarations;
