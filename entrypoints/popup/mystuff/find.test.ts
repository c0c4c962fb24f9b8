import { describe, expect, it } from 'vitest';
import type { MyProject } from '@/lib/mystuff/mystuff-model';
import { findProjects } from './find';

const project = (
  id: number,
  title: string,
  sharedAt: string | null,
  stats: MyProject['stats'],
): MyProject => ({
  id,
  title,
  author: 'demo',
  thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
  sharedAt,
  stats,
});

// As the service lists them: oldest first.
const PROJECTS = [
  project(1, 'Pong Game', '2024-01-02T10:00:00.000Z', { loves: 5, views: 900 }),
  project(2, 'Café Racer', '2024-03-01T10:00:00.000Z', { loves: 40, views: 100 }),
  project(3, 'ÉCOLE quiz', '2025-06-01T10:00:00.000Z', { loves: 40, views: 3000 }),
  project(4, 'Drawing game <b>', null, { views: 50 }),
  project(5, 'مرحبا game', '2023-01-01T10:00:00.000Z', { loves: 1, views: 20 }),
];
const ids = (projects: MyProject[]) => projects.map((p) => p.id);

describe('search as you type', () => {
  it('finds by title, case and accents ignored, every word needed', () => {
    expect(ids(findProjects(PROJECTS, 'cafe', 'newest'))).toEqual([2]);
    expect(ids(findProjects(PROJECTS, 'ecole', 'newest'))).toEqual([3]);
    expect(ids(findProjects(PROJECTS, 'CAFÉ', 'newest'))).toEqual([2]);
    expect(ids(findProjects(PROJECTS, 'game', 'newest')).sort()).toEqual([1, 4, 5]);
    expect(ids(findProjects(PROJECTS, 'game pong', 'newest'))).toEqual([1]);
    expect(ids(findProjects(PROJECTS, 'pong racer', 'newest'))).toEqual([]);
    // Markup in a title is text like any other.
    expect(ids(findProjects(PROJECTS, '<b>', 'newest'))).toEqual([4]);
  });

  it('an empty or blank query keeps every project', () => {
    expect(findProjects(PROJECTS, '', 'newest')).toHaveLength(5);
    expect(findProjects(PROJECTS, '   ', 'newest')).toHaveLength(5);
  });
});

describe('sorting', () => {
  it('newest: most recently shared first, a project without a date last', () => {
    expect(ids(findProjects(PROJECTS, '', 'newest'))).toEqual([3, 2, 1, 5, 4]);
  });

  it('most loved: by loves, ties newest first, a project without a count last', () => {
    expect(ids(findProjects(PROJECTS, '', 'loves'))).toEqual([3, 2, 1, 5, 4]);
  });

  it('most viewed: by views', () => {
    expect(ids(findProjects(PROJECTS, '', 'views'))).toEqual([3, 1, 2, 4, 5]);
  });

  it('sorts what the search found, and leaves the cached list as it was', () => {
    const before = ids(PROJECTS);
    expect(ids(findProjects(PROJECTS, 'game', 'views'))).toEqual([1, 4, 5]);
    expect(ids(PROJECTS)).toEqual(before);
  });
});
