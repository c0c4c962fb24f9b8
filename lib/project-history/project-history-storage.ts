/**
 * The daily record's storage items (lib/project-history/project-history.ts writes them; the popup's
 * My Stuff tab and its "Over time" view read them), the milestones' setting and what was announced.
 */
import { memberItem } from '@/lib/session/session-storage';
import { defineMemberOwnedItem } from '@/lib/storage/member-owned-item';
import { defineItem } from '@/lib/storage/storage-item';
import type { AnnouncedMilestones } from './milestones-model';
import type { MemberHistory } from './project-history-model';

/**
 * Each member's record, per username, within its byte cap (./project-history-budget.ts). The popup
 * shows only `projectHistory[member.username]`, nothing while `member` is null. Kept on this device
 * only: it is the member's, built from reads of their own public counts.
 */
export const projectHistoryItem = defineItem<Record<string, MemberHistory>>('local:projectHistory', {
  fallback: {},
  version: 1,
});

/** Love milestones: off until the member turns them on (the options page). This browser's setting. */
export const projectHistorySettingsItem = defineItem<{ milestones: boolean }>('sync:projectHistorySettings', {
  fallback: { milestones: false },
});

/**
 * The milestones announced to the member (lib/project-history/milestones-model.ts), never twice: the
 * member's own (lib/storage/member-owned-item.ts), `sync:` so another computer of theirs does not
 * announce them again.
 */
export const announcedMilestonesItem = defineMemberOwnedItem<AnnouncedMilestones>(
  'sync:announcedMilestones',
  { fallback: { total: 0, projects: [] } },
  memberItem,
);
