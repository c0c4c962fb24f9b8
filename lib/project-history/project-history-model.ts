/**
 * The daily record of the member's own projects: its shapes and the pure rules every context uses
 * (the background writes it, the popup's "Over time" view reads it). Types and pure functions only
 * (no zod, no browser).
 *
 * A member's record is one list of recorded days and, per project, its counts on each of those days,
 * aligned with the days (null on a day the project was not listed): no key is repeated per point, so
 * a year of a hundred projects stays a few hundred KB at most.
 */

/** The four counts the site shows on a project, in the order of the site's project page. */
export const COUNT_KINDS = ['loves', 'favorites', 'views', 'remixes'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/** One day's counts of a project, in COUNT_KINDS' order. */
export type DayCounts = [loves: number, favorites: number, views: number, remixes: number];

export interface ProjectRecord {
  id: number;
  /** Its title as last listed. */
  title: string;
  /** No longer among the member's shared projects (unshared or deleted): its history stays. */
  gone: boolean;
  /** Its counts on each day of `MemberHistory.days` (null: not listed that day). */
  counts: (DayCounts | null)[];
}

export interface MemberHistory {
  username: string;
  /** When this member's record was last written or shown (ms): the least recent is trimmed first. */
  usedAt: number;
  /** The recorded days (day numbers, ./project-history-model's `dayOf`), oldest first, each once. */
  days: number[];
  projects: ProjectRecord[];
  /**
   * The day of the last daily check (null: none yet): once a day it walks the member's projects,
   * unless My Stuff's reads recorded the day already.
   */
  checkedOn: number | null;
}

/** Days kept: a year. */
export const KEPT_DAYS = 365;
/** Days kept one by one; older days are thinned to one a week. */
export const DAILY_DAYS = 90;
/** Whole days the popup's chart can show: 30, 90 or the whole year. */
export const CHART_RANGES = [30, 90, KEPT_DAYS] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

const DAY_MS = 86_400_000;

/** The member's calendar day of a moment (days since 1970-01-01 in the browser's time zone). */
export function dayOf(ms: number): number {
  return Math.floor((ms - new Date(ms).getTimezoneOffset() * 60_000) / DAY_MS);
}

/** A day as a calendar date, `2026-12-06` (the CSV's dates, and the `Date` the view formats). */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The week of a day (weeks start on Monday: 1970-01-01 was a Thursday). */
const weekOf = (day: number) => Math.floor((day + 3) / 7);

export function emptyHistory(username: string): MemberHistory {
  return { username, usedAt: 0, days: [], projects: [], checkedOn: null };
}

/** A project as a read of the member's list gives it (My Stuff's shape carries these fields). */
export interface ListedProject {
  id: number;
  title: string;
  stats: Partial<Record<CountKind, number>>;
}

const countsOf = (project: ListedProject): DayCounts =>
  // A count the service left out is recorded as 0: the chart's lines stay continuous.
  COUNT_KINDS.map((kind) => project.stats[kind] ?? 0) as DayCounts;

/**
 * The record with `day`'s counts from a whole read of the member's shared projects: a new day is
 * added, a day already recorded takes the later read (one point per day, the day's latest counts).
 * A project missing from a whole list is marked gone and keeps its history (`whole`: the list was
 * read to its end, not cut at a cap, so a missing project is really missing). A day before the last
 * recorded one (the clock went back) changes nothing. Then thinned (`thin`).
 */
export function recordDay(
  history: MemberHistory,
  day: number,
  listed: readonly ListedProject[],
  whole: boolean,
): MemberHistory {
  const last = history.days.at(-1);
  if (last !== undefined && day < last) return history;
  const replace = last === day;
  const column = replace ? history.days.length - 1 : history.days.length;
  const days = replace ? history.days : [...history.days, day];
  const byId = new Map(listed.map((project) => [project.id, project]));
  const projects: ProjectRecord[] = history.projects.map((record) => {
    const project = byId.get(record.id);
    byId.delete(record.id);
    const counts = record.counts.slice(0, column);
    counts.push(project === undefined ? null : countsOf(project));
    return {
      id: record.id,
      title: project?.title ?? record.title,
      gone: project === undefined ? whole || record.gone : false,
      counts,
    };
  });
  for (const project of byId.values()) {
    const counts: (DayCounts | null)[] = new Array(column).fill(null);
    counts.push(countsOf(project));
    projects.push({ id: project.id, title: project.title, gone: false, counts });
  }
  return thin({ ...history, days, projects }, day);
}

/**
 * The record kept to a year: days older than KEPT_DAYS go, days older than DAILY_DAYS keep one a
 * week (the last recorded of each week), and a project with no count left goes.
 */
export function thin(history: MemberHistory, today: number): MemberHistory {
  const keep: boolean[] = history.days.map((day, index) => {
    if (today - day >= KEPT_DAYS) return false;
    if (today - day < DAILY_DAYS) return true;
    const next = history.days[index + 1];
    // The last of its week among the weekly days (the next day is in another week, or daily).
    return next === undefined || weekOf(next) !== weekOf(day) || today - next < DAILY_DAYS;
  });
  if (keep.every(Boolean)) return history;
  return keepColumns(history, keep);
}

/** The record without the columns `keep` leaves out, and without projects left with no count. */
function keepColumns(history: MemberHistory, keep: readonly boolean[]): MemberHistory {
  return {
    ...history,
    days: history.days.filter((_, index) => keep[index]),
    projects: history.projects
      .map((record) => ({ ...record, counts: record.counts.filter((_, index) => keep[index]) }))
      .filter((record) => record.counts.some((counts) => counts !== null)),
  };
}

/** The record without its oldest day (its byte cap's trim), or null when it has no day left. */
export function withoutOldestDay(history: MemberHistory): MemberHistory | null {
  if (history.days.length === 0) return null;
  return keepColumns(
    history,
    history.days.map((_, index) => index > 0),
  );
}

/** The member's totals on each recorded day: the sums of the projects listed that day. */
export function totalsByDay(history: MemberHistory): DayCounts[] {
  return history.days.map((_, index) => {
    const sum: DayCounts = [0, 0, 0, 0];
    for (const record of history.projects) {
      const counts = record.counts[index];
      if (counts)
        for (let kind = 0; kind < 4; kind++) sum[kind] = (sum[kind] as number) + (counts[kind] as number);
    }
    return sum;
  });
}

/**
 * The index of the day to compare the last recorded day with, `span` days before it: the last day
 * recorded on or before then, or (a record younger than the span) its first day; null with fewer than
 * two days. `exact`: only a day exactly `span` before counts (a change "since yesterday").
 */
export function baselineIndex(days: readonly number[], span: number, exact = false): number | null {
  const last = days.at(-1);
  if (last === undefined || days.length < 2) return null;
  const target = last - span;
  for (let index = days.length - 2; index >= 0; index--) {
    const day = days[index] as number;
    if (day <= target) return exact && day !== target ? null : index;
  }
  return exact ? null : 0;
}

/** A total, its changes since yesterday and over 7 and 30 days (null: nothing to compare with). */
export interface TotalSummary {
  kind: CountKind;
  value: number;
  sinceYesterday: number | null;
  change7d: number | null;
  change30d: number | null;
}

export function totalSummaries(history: MemberHistory): TotalSummary[] {
  const totals = totalsByDay(history);
  const latest: DayCounts = totals.at(-1) ?? [0, 0, 0, 0];
  const changeFrom = (index: number | null, kind: number) =>
    index === null ? null : (latest[kind] as number) - ((totals[index] as DayCounts)[kind] as number);
  const yesterday = baselineIndex(history.days, 1, true);
  const week = baselineIndex(history.days, 7);
  const month = baselineIndex(history.days, 30);
  return COUNT_KINDS.map((kind, index) => ({
    kind,
    value: latest[index] as number,
    sinceYesterday: changeFrom(yesterday, index),
    change7d: changeFrom(week, index),
    change30d: changeFrom(month, index),
  }));
}

/** A project's gain over the last 7 days: each count's change, and their sum. */
export interface ProjectGain {
  id: number;
  title: string;
  gone: boolean;
  /** The changes, in COUNT_KINDS' order. */
  changes: DayCounts;
  /** Every new view, love, favorite and remix together. */
  gain: number;
}

/**
 * Each project's gain this week: from its count on the week's baseline day (or its first day since,
 * for a project shared during the week) to its count on the last recorded day. A project not listed
 * on the last day (unshared) gains nothing.
 */
export function weekGains(history: MemberHistory): ProjectGain[] {
  const last = history.days.length - 1;
  const base = baselineIndex(history.days, 7);
  if (base === null) return [];
  const gains: ProjectGain[] = [];
  for (const record of history.projects) {
    const now = record.counts[last];
    if (!now) continue;
    let from: DayCounts | null = null;
    for (let index = base; index < last && from === null; index++) from = record.counts[index] ?? null;
    const start = from ?? [0, 0, 0, 0];
    const changes = now.map((count, kind) => count - (start[kind] as number)) as DayCounts;
    gains.push({
      id: record.id,
      title: record.title,
      gone: record.gone,
      changes,
      gain: changes.reduce((sum, change) => sum + change, 0),
    });
  }
  return gains;
}

/** This week's most gaining projects, most first (ties: more loves first), only those that gained. */
export function topGainers(history: MemberHistory, count = 5): ProjectGain[] {
  return weekGains(history)
    .filter((project) => project.gain > 0)
    .sort((a, b) => b.gain - a.gain || b.changes[0] - a.changes[0] || a.id - b.id)
    .slice(0, count);
}

/** One count of a project, or of the totals, on each recorded day within the last `range` days. */
export interface SeriesPoint {
  day: number;
  value: number;
}

/** The points of `values` (one per recorded day, null where absent) within `range` days of the last. */
export function seriesWithin(
  days: readonly number[],
  values: readonly (number | null)[],
  range: number,
): SeriesPoint[] {
  const last = days.at(-1);
  if (last === undefined) return [];
  const points: SeriesPoint[] = [];
  days.forEach((day, index) => {
    const value = values[index];
    if (last - day < range && value !== null && value !== undefined) points.push({ day, value });
  });
  return points;
}

/** The CSV of the record: a header, then one row per project and recorded day, oldest day first. */
export function historyCsv(history: MemberHistory): string {
  const rows = ['date,project_id,title,loves,favorites,views,remixes,shared_now'];
  history.days.forEach((day, index) => {
    for (const record of history.projects) {
      const counts = record.counts[index];
      if (!counts) continue;
      const sharedNow = record.gone ? 'no' : 'yes';
      rows.push([isoDate(day), record.id, csvField(record.title), ...counts, sharedNow].join(','));
    }
  });
  return `${rows.join('\r\n')}\r\n`;
}

/**
 * A field as CSV quotes it (RFC 4180); a title starting with a formula's sign gets a leading
 * apostrophe, so a spreadsheet opening the file shows it as text and never runs it.
 */
function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
