/**
 * The cards' gains this week (lib/project-history/project-history.ts writes them with the record):
 * an item of its own, so the My Stuff tab's first frame reads it, and the popup's shared chunk
 * carries neither the whole record nor its other items.
 */
import { defineItem } from '@/lib/storage/storage-item';

/**
 * Each member's projects' gains this week, per username: [project id, every new view, love,
 * favorite and remix], for the projects that changed. The popup shows only the signed-in member's.
 */
export const projectWeekGainsItem = defineItem<Record<string, [number, number][]>>('local:projectWeekGains', {
  fallback: {},
});
