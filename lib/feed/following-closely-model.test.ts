/** The bells' list: ringing, silencing, the caps, a synced value of another shape, the feed's section. */
import { describe, expect, it } from 'vitest';
import { closeProjects, MAX_CLOSE_PROJECTS } from './close-projects-model';
import type { ActivityEvent, FeedProject } from './feed-model';
import {
  bellsOf,
  MAX_BELLED_PEOPLE,
  MAX_BELLED_STUDIOS,
  MAX_STUDIO_TITLE,
  noBells,
  setPersonBell,
  setStudioBell,
} from './following-closely-model';

describe('ringing and silencing', () => {
  it('adds a person once, whatever the spelling, and removes them', () => {
    const one = setPersonBell(noBells, 'Alice', true);
    expect(one).toEqual({ bells: { people: ['Alice'], studios: [] } });
    if (!('bells' in one)) throw new Error('full');
    expect(setPersonBell(one.bells, 'alice', true)).toEqual(one);
    expect(setPersonBell(one.bells, 'ALICE', false)).toEqual({ bells: { people: [], studios: [] } });
  });

  it('refuses past the caps, and still silences when full', () => {
    const people = Array.from({ length: MAX_BELLED_PEOPLE }, (_, i) => `p${i}`);
    expect(setPersonBell({ people, studios: [] }, 'one-more', true)).toEqual({ full: 'people' });
    const fewer = setPersonBell({ people, studios: [] }, 'p3', false);
    expect('bells' in fewer && fewer.bells.people).toHaveLength(MAX_BELLED_PEOPLE - 1);
    const studios = Array.from({ length: MAX_BELLED_STUDIOS }, (_, i) => ({ id: i, title: `s${i}` }));
    expect(setStudioBell({ people: [], studios }, { id: 999, title: 'x' }, true)).toEqual({
      full: 'studios',
    });
  });

  it('keeps a studio by id with its title cut short (the item is synced)', () => {
    const change = setStudioBell(noBells, { id: 7, title: 'x'.repeat(500) }, true);
    expect('bells' in change && change.bells.studios[0]?.title).toHaveLength(MAX_STUDIO_TITLE);
  });

  it('reads a stored value of another shape as far as it goes', () => {
    expect(bellsOf(undefined)).toEqual(noBells);
    expect(bellsOf({ people: ['a', 3, null], studios: [{ id: 1, title: 't' }, { id: '2' }, null] })).toEqual({
      people: ['a'],
      studios: [{ id: 1, title: 't' }],
    });
    expect(bellsOf({ people: { __proto__: 'x' } })).toEqual(noBells);
  });
});

const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 20, 12) - minutesAgo * 60_000).toISOString();
const project = (id: number, author: string, minutesAgo: number | null): FeedProject => ({
  id,
  title: `P${id}`,
  author,
  thumbnailUrl: `https://x/${id}.png`,
  at: minutesAgo === null ? null : at(minutesAgo),
});
const event = (fields: Record<string, unknown>) => fields as unknown as ActivityEvent;

describe("the feed's Following closely section", () => {
  const bells = { people: ['alice'], studios: [{ id: 50, title: 'Cats' }] };

  it('takes the belled people and studios only, newest first, each project once', () => {
    const found = closeProjects(bells, {
      shared: [project(1, 'bob', 1), project(2, 'Alice', 30), project(3, 'alice', 90)],
      studios: [project(2, 'alice', null), project(4, 'carol', null)],
      activity: [
        event({
          type: 'shareproject',
          actor_username: 'alice',
          project_id: 5,
          title: 'P5',
          datetime_created: at(5),
        }),
        event({
          type: 'shareproject',
          actor_username: 'bob',
          project_id: 6,
          title: 'P6',
          datetime_created: at(6),
        }),
      ],
      // The belled studios' own activity (only belled studios are there).
      studioNews: [{ id: 7, title: 'P7', at: at(10), by: 'bob', studio: { id: 50, title: 'Cats' } }],
    });
    expect(found.map((p) => p.id)).toEqual([5, 7, 2, 3]);
    expect(found[0]).toEqual({ id: 5, title: 'P5', thumbnailUrl: null, at: at(5), by: 'alice' });
    expect(found[1]?.studio).toEqual({ id: 50, title: 'Cats' });
  });

  it('shows a few at most, and nothing without bells', () => {
    const many = Array.from({ length: 20 }, (_, i) => project(i + 1, 'alice', i));
    expect(closeProjects(bells, { shared: many, studios: [], activity: [], studioNews: [] })).toHaveLength(
      MAX_CLOSE_PROJECTS,
    );
    expect(closeProjects(noBells, { shared: many, studios: [], activity: [], studioNews: [] })).toEqual([]);
  });
});
