/**
 * Love milestones: a project, or the member's projects together, reaching 10, 50, 100, 500 or 1,000
 * loves. Pure rules: which milestones a day's counts reached that were never announced. What was
 * announced is kept per member (./project-history-storage.ts), so no milestone is announced twice,
 * not after a restart, nor after the member forgot their history.
 */
import { type MemberHistory, totalsByDay } from './project-history-model';

export const LOVE_MILESTONES = [10, 50, 100, 500, 1_000] as const;

/** The highest milestone announced (or passed before they were turned on), per project and in total. */
export interface AnnouncedMilestones {
  /** The total's highest milestone announced (0: none). */
  total: number;
  /** Per project: [project id, highest milestone announced]. */
  projects: [number, number][];
}

export const noMilestones: AnnouncedMilestones = { total: 0, projects: [] };

/** A milestone to announce: a project's (with its id and title) or the total's. */
export type Milestone =
  | { kind: 'project'; id: number; title: string; loves: number }
  | { kind: 'total'; loves: number };

/** The highest milestone `loves` has reached (0: none yet). */
export function milestoneOf(loves: number): number {
  let reached = 0;
  for (const milestone of LOVE_MILESTONES) if (loves >= milestone) reached = milestone;
  return reached;
}

/**
 * The milestones the record's last day reached above what was announced (one per project and one for
 * the total, the highest: a project that went from 8 to 60 loves in a day gets "50", not "10" and
 * "50"), and what is announced after them.
 */
export function newMilestones(
  history: MemberHistory,
  announced: AnnouncedMilestones,
): { milestones: Milestone[]; announced: AnnouncedMilestones } {
  const last = history.days.length - 1;
  if (last < 0) return { milestones: [], announced };
  const before = new Map(announced.projects);
  const after = new Map(before);
  const milestones: Milestone[] = [];
  for (const record of history.projects) {
    const loves = record.counts[last]?.[0];
    if (loves === undefined) continue;
    const reached = milestoneOf(loves);
    if (reached > (before.get(record.id) ?? 0)) {
      milestones.push({ kind: 'project', id: record.id, title: record.title, loves: reached });
      after.set(record.id, reached);
    }
  }
  const total = milestoneOf(totalsByDay(history).at(-1)?.[0] ?? 0);
  if (total > announced.total) milestones.push({ kind: 'total', loves: total });
  return {
    milestones,
    announced: { total: Math.max(total, announced.total), projects: [...after] },
  };
}
