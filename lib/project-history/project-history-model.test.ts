import { describe, expect, it } from 'vitest';
import { fitToBudget } from '@/lib/storage/cache-budget';
import { storedBytes } from '@/lib/storage/storage-quota';
import { projectHistoryBudget } from './project-history-budget';
import {
  DAILY_DAYS,
  dayOf,
  emptyHistory,
  historyCsv,
  KEPT_DAYS,
  type ListedProject,
  type MemberHistory,
  recordDay,
  topGainers,
  totalSummaries,
  weekGains,
} from './project-history-model';

const project = (id: number, loves: number, views = loves * 10, title = `Game ${id}`): ListedProject => ({
  id,
  title,
  stats: { loves, favorites: Math.floor(loves / 2), views, remixes: 0 },
});

/** A record of `days` consecutive days ending on `today`, one project whose loves grow by one a day. */
function dailyRecord(today: number, days: number): MemberHistory {
  let history = emptyHistory('demo');
  for (let day = today - days + 1; day <= today; day++)
    history = recordDay(history, day, [project(1, day)], true);
  return history;
}

describe('the day', () => {
  it('is the member’s calendar day: the same day from morning to night, the next after midnight', () => {
    const morning = new Date(2026, 11, 6, 0, 5).getTime();
    const night = new Date(2026, 11, 6, 23, 55).getTime();
    const next = new Date(2026, 11, 7, 0, 1).getTime();
    expect(dayOf(morning)).toBe(dayOf(night));
    expect(dayOf(next)).toBe(dayOf(night) + 1);
  });
});

describe('recording a day', () => {
  it('keeps one point a day: a later read the same day takes its place', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 5)], true);
    history = recordDay(history, 100, [project(1, 7)], true);
    expect(history.days).toEqual([100]);
    expect(history.projects[0]?.counts).toEqual([[7, 3, 70, 0]]);
    history = recordDay(history, 101, [project(1, 9)], true);
    expect(history.days).toEqual([100, 101]);
    expect(history.projects[0]?.counts).toEqual([
      [7, 3, 70, 0],
      [9, 4, 90, 0],
    ]);
  });

  it('changes nothing for a day before the last one recorded (a clock set back)', () => {
    const history = recordDay(emptyHistory('demo'), 100, [project(1, 5)], true);
    expect(recordDay(history, 99, [project(1, 1)], true)).toBe(history);
  });

  it('a project shared later starts on its day; one unshared keeps its history, marked gone', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 5), project(2, 3)], true);
    history = recordDay(history, 101, [project(1, 6), project(3, 1)], true);
    const byId = new Map(history.projects.map((record) => [record.id, record]));
    expect(byId.get(2)).toEqual({ id: 2, title: 'Game 2', gone: true, counts: [[3, 1, 30, 0], null] });
    expect(byId.get(3)?.counts).toEqual([null, [1, 0, 10, 0]]);
    expect(byId.get(3)?.gone).toBe(false);
    // Shared again: no longer gone, its old days still there.
    history = recordDay(history, 102, [project(1, 6), project(2, 4), project(3, 1)], true);
    const again = history.projects.find((record) => record.id === 2);
    expect(again?.gone).toBe(false);
    expect(again?.counts).toEqual([[3, 1, 30, 0], null, [4, 2, 40, 0]]);
  });

  it('a list cut at My Stuff’s cap marks nobody gone: the rest was not read', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 5), project(2, 3)], true);
    history = recordDay(history, 101, [project(1, 6)], false);
    expect(history.projects.find((record) => record.id === 2)?.gone).toBe(false);
  });

  it('the totals leave an unshared project out from the day it went', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 5), project(2, 3)], true);
    history = recordDay(history, 101, [project(1, 6)], true);
    const loves = totalSummaries(history).find((total) => total.kind === 'loves');
    expect(loves).toMatchObject({ value: 6, sinceYesterday: -2, change7d: -2 });
  });
});

describe('thinning', () => {
  it('keeps the last 90 days one by one, one a week before that, and nothing older than a year', () => {
    const today = 20_000;
    const history = dailyRecord(today, 500);
    const days = history.days;
    expect(days.at(-1)).toBe(today);
    expect(days[0]).toBeGreaterThan(today - KEPT_DAYS);
    const daily = days.filter((day) => today - day < DAILY_DAYS);
    expect(daily).toHaveLength(DAILY_DAYS);
    const weekly = days.filter((day) => today - day >= DAILY_DAYS);
    // One a week: never two in the same week, about 39 weeks.
    const weeks = weekly.map((day) => Math.floor((day + 3) / 7));
    expect(new Set(weeks).size).toBe(weeks.length);
    expect(weekly.length).toBeGreaterThanOrEqual(38);
    expect(weekly.length).toBeLessThanOrEqual(40);
    // Each kept day keeps its own counts.
    const counts = history.projects[0]?.counts ?? [];
    days.forEach((day, index) => {
      expect(counts[index]?.[0]).toBe(day);
    });
  });

  it('drops a project whose every day was thinned away', () => {
    let history = recordDay(emptyHistory('demo'), 1_000, [project(1, 1), project(2, 1)], true);
    for (let day = 1_001; day <= 1_000 + KEPT_DAYS; day++)
      history = recordDay(history, day, [project(1, 2)], true);
    expect(history.projects.map((record) => record.id)).toEqual([1]);
  });
});

describe('the byte cap', () => {
  it('a member’s record past it loses its oldest days first, the signed-in member’s last', () => {
    const today = 20_000;
    const big = (username: string, usedAt: number): MemberHistory => {
      let history = emptyHistory(username);
      const projects = Array.from({ length: 100 }, (_, i) => project(i + 1, 1_000_000 + i));
      for (let day = today - 200; day <= today; day++) history = recordDay(history, day, projects, true);
      return { ...history, usedAt };
    };
    const cache = { other: big('other', 1), demo: big('demo', 2) };
    expect(storedBytes('projectHistory', cache)).toBeGreaterThan(projectHistoryBudget.bytes);
    const fitted = fitToBudget('projectHistory', cache, projectHistoryBudget);
    expect(fitted).not.toBeNull();
    expect(storedBytes('projectHistory', fitted)).toBeLessThanOrEqual(projectHistoryBudget.bytes);
    // The signed-in member (most recently used) keeps every day; the other lost its oldest.
    expect(fitted?.demo?.days).toEqual(cache.demo.days);
    const kept = fitted?.other?.days ?? [];
    expect(kept.length).toBeLessThan(cache.other.days.length);
    expect(kept.at(-1)).toBe(today);
    expect(kept).toEqual(cache.other.days.slice(cache.other.days.length - kept.length));
  });
});

describe('what the popup shows', () => {
  it('the totals, with their changes since yesterday, over 7 and 30 days', () => {
    const history = dailyRecord(200, 40);
    const loves = totalSummaries(history).find((total) => total.kind === 'loves');
    expect(loves).toEqual({ kind: 'loves', value: 200, sinceYesterday: 1, change7d: 7, change30d: 30 });
  });

  it('a record younger than the span compares with its first day; one day has nothing to compare', () => {
    const three = dailyRecord(200, 3);
    expect(totalSummaries(three)[0]).toMatchObject({
      value: 200,
      sinceYesterday: 1,
      change7d: 2,
      change30d: 2,
    });
    const one = dailyRecord(200, 1);
    expect(totalSummaries(one)[0]).toMatchObject({ value: 200, sinceYesterday: null, change7d: null });
  });

  it('a missed day has no "since yesterday", and the week counts from the nearest day before it', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 1)], true);
    history = recordDay(history, 105, [project(1, 4)], true);
    history = recordDay(history, 110, [project(1, 9)], true);
    expect(totalSummaries(history)[0]).toMatchObject({ value: 9, sinceYesterday: null, change7d: 8 });
  });

  it('this week’s gainers: the projects that gained most, one shared this week from nothing', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 5, 50), project(2, 5, 50)], true);
    history = recordDay(history, 101, [project(1, 6, 51), project(2, 9, 90), project(3, 2, 10)], true);
    const gains = weekGains(history);
    expect(gains.find((gain) => gain.id === 2)?.changes).toEqual([4, 2, 40, 0]);
    expect(topGainers(history).map((gain) => [gain.id, gain.gain])).toEqual([
      [2, 46],
      [3, 13],
      [1, 3],
    ]);
  });
});

describe('the CSV', () => {
  it('holds one row per project and day, titles as text (quotes, commas, formulas)', () => {
    let history = recordDay(emptyHistory('demo'), 20_000, [project(1, 5, 50, 'Pong, "the game"')], true);
    history = recordDay(
      history,
      20_001,
      [project(1, 6, 60, 'Pong, "the game"'), project(2, 1, 1, '=SUM(A1)')],
      true,
    );
    const rows = historyCsv(history).trimEnd().split('\r\n');
    expect(rows).toEqual([
      'date,project_id,title,loves,favorites,views,remixes,shared_now',
      '2024-10-04,1,"Pong, ""the game""",5,2,50,0,yes',
      '2024-10-05,1,"Pong, ""the game""",6,3,60,0,yes',
      "2024-10-05,2,'=SUM(A1),1,0,1,0,yes",
    ]);
  });
});
