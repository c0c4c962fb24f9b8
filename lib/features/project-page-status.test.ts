// @vitest-environment happy-dom
/**
 * The project page's own love and favorite buttons as readings: what is reported when, on a
 * happy-dom page. And the pure parts of the marks: ids from links, what needs a read, the names.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { needsRead } from '@/lib/project-status/project-status-lookup-model';
import {
  FAVORITES_FRESH_MS,
  LOVE_FRESH_MS,
  type MemberStatuses,
} from '@/lib/project-status/project-status-model';
import { sendMessage } from '@/lib/protocol/messaging';
import { sitePage } from '@/lib/site/pages';
import { projectIdOfHref } from '@/lib/site/selectors';
import { projectPageStatus } from './project-page-status';
import { markLabel } from './project-status-marks';

vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn() }));

const reports = () => vi.mocked(sendMessage).mock.calls.map(([, data]) => data);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('project page buttons', () => {
  let running: AbortController;
  beforeEach(() => {
    vi.mocked(sendMessage).mockReset();
    vi.mocked(sendMessage).mockResolvedValue(undefined as never);
    running = new AbortController();
    document.body.innerHTML = '<div id="app"></div>';
  });
  afterEach(() => running.abort());

  const start = () => projectPageStatus.run(sitePage('https://scratch.mit.edu/projects/42/'), running.signal);

  it('runs on project pages only', () => {
    expect(projectPageStatus.runsOn(sitePage('https://scratch.mit.edu/projects/42/'))).toBe(true);
    expect(projectPageStatus.runsOn(sitePage('https://scratch.mit.edu/projects/42/remixes/'))).toBe(false);
    expect(projectPageStatus.runsOn(sitePage('https://scratch.mit.edu/explore/projects/all/'))).toBe(false);
  });

  it('reports what the site sets: the classes it adds after reading, and every change after', async () => {
    start();
    const stats = document.createElement('div');
    stats.className = 'stats';
    stats.innerHTML = '<div class="project-loves">3</div><div class="project-favorites">1</div>';
    document.querySelector('#app')?.append(stats);
    await flush();
    // Rendered without the classes: not read yet, nothing said.
    expect(reports()).toEqual([]);
    const love = stats.querySelector('.project-loves') as HTMLElement;
    const favorite = stats.querySelector('.project-favorites') as HTMLElement;
    love.classList.add('loved');
    await flush();
    expect(reports()).toEqual([{ projectId: 42, loved: true }]);
    love.classList.remove('loved');
    favorite.classList.add('favorited');
    await flush();
    expect(reports()).toEqual([
      { projectId: 42, loved: true },
      { projectId: 42, loved: false },
      { projectId: 42, favorited: true },
    ]);
  });

  it('a button already on when found is a reading; off when found says nothing', async () => {
    document
      .querySelector('#app')
      ?.insertAdjacentHTML(
        'beforeend',
        '<div class="stats"><div class="project-loves loved">3</div><div class="project-favorites">1</div></div>',
      );
    start();
    await flush();
    expect(reports()).toEqual([{ projectId: 42, loved: true }]);
  });

  it('stops when aborted', async () => {
    start();
    running.abort();
    document
      .querySelector('#app')
      ?.insertAdjacentHTML('beforeend', '<div class="project-loves loved">3</div>');
    await flush();
    expect(reports()).toEqual([]);
  });
});

describe('marks: the pure parts', () => {
  it('reads the project of every link form the site uses', () => {
    expect(projectIdOfHref('/projects/12/')).toBe(12);
    expect(projectIdOfHref('/projects/12')).toBe(12);
    expect(projectIdOfHref('/projects/12?x=1')).toBe(12);
    expect(projectIdOfHref('https://scratch.mit.edu/projects/12/#comments')).toBe(12);
    expect(projectIdOfHref('/projects/12/remixes/')).toBe(12);
    expect(projectIdOfHref('/studios/12/')).toBeNull();
    expect(projectIdOfHref('/projects/abc/')).toBeNull();
    expect(projectIdOfHref(null)).toBeNull();
  });

  it('asks only for what is unknown or stale, or when the favorites are due', () => {
    const now = Date.UTC(2026, 0, 2);
    const member: MemberStatuses = {
      loves: {
        1: { loved: true, at: now - 1000, seen: now },
        2: { loved: false, at: now - LOVE_FRESH_MS - 1, seen: now },
      },
      favorites: { ids: [1], complete: true, at: now - 1000, changed: false },
      favoriteReads: {},
      usedAt: now,
    };
    expect(needsRead(member, 1, now)).toBe(false);
    expect(needsRead(member, 2, now)).toBe(true);
    expect(needsRead(member, 3, now)).toBe(true);
    expect(needsRead(member, 1, now + FAVORITES_FRESH_MS)).toBe(true);
    expect(needsRead({ ...member, favorites: { ...member.favorites, changed: true } as never }, 1, now)).toBe(
      true,
    );
  });

  it('names a mark by what it shows, and nothing when it shows nothing', () => {
    expect(markLabel(true, true)).toBe('You loved and favorited this project');
    expect(markLabel(true, false)).toBe('You loved this project');
    expect(markLabel(false, true)).toBe('You favorited this project');
    expect(markLabel(false, false)).toBeNull();
    expect(markLabel(undefined, undefined)).toBeNull();
  });
});
