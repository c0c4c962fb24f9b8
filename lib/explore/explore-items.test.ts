/** The service's objects as the explore views show them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuredSchema, projectOfUserSchema, projectWithAuthorSchema, userSchema } from '@/lib/api/schemas';
import { toFeaturedRows, toProjectCard, toProjectDetail, toUserDetail } from './explore-items';

const hosts = { site: 'https://scratch.mit.edu', uploads: 'https://uploads.scratch.mit.edu' };
/** The repository's copy of the real captures (tests/real-payloads/). */
const payload = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../tests/real-payloads', name), 'utf8'));

describe('featured rows', () => {
  it('keep every row under its own key in the site’s order, each design studio once', () => {
    const item = (id: number, extra: object = {}) => ({
      id,
      title: `T${id}`,
      type: 'project',
      thumbnail_url: `//uploads.scratch.mit.edu/projects/thumbnails/${id}.png`,
      creator: 'ann',
      ...extra,
    });
    const featured = featuredSchema.parse({
      community_newest_projects: [item(7)],
      community_most_loved_projects: [item(6)],
      community_most_remixed_projects: [item(5)],
      scratch_design_studio: [item(4, { gallery_id: 9, gallery_title: 'Gobotastic' })],
      curator_top_projects: [item(3, { curator_name: 'bob' })],
      community_featured_studios: [item(2, { type: 'gallery' })],
      community_featured_projects: [item(1)],
      platform_design_studio: [item(8, { gallery_id: 10, gallery_title: 'Other' })],
    });
    const rows = toFeaturedRows(featured, hosts);
    expect(rows.map((row) => row.key)).toEqual([
      'community_featured_projects',
      'community_featured_studios',
      'curator_top_projects',
      'scratch_design_studio',
      'platform_design_studio',
      'community_most_remixed_projects',
      'community_most_loved_projects',
      'community_newest_projects',
    ]);
    expect(rows[1]?.items[0]).toMatchObject({ type: 'studio', id: 2 });
    expect(rows[2]?.curator).toBe('bob');
    expect(rows[3]?.studio).toEqual({ id: 9, title: 'Gobotastic' });
    expect(rows[0]?.items[0]).toMatchObject({
      type: 'project',
      author: 'ann',
      thumbnailUrl: 'https://uploads.scratch.mit.edu/projects/thumbnails/1.png',
    });
  });

  it('read the real capture (empty rows kept empty)', () => {
    const rows = toFeaturedRows(featuredSchema.parse(payload('featured.json')), hosts);
    expect(rows.find((row) => row.key === 'scratch_design_studio')?.items.length).toBeGreaterThan(0);
    expect(rows.find((row) => row.key === 'community_newest_projects')?.items).toEqual([]);
    expect(rows.some((row) => row.key === 'design_studio')).toBe(false);
  });
});

describe('projects and people', () => {
  it('a project of /users/<u>/projects names its author from the request (the live service leaves it out)', () => {
    const [first] = payload('users-projects.json') as unknown[];
    const project = projectOfUserSchema('griffpatch').parse(first);
    expect(toProjectCard(project, hosts).author).toBe('griffpatch');
  });

  it('a project’s view: text as text, stats, whether it is shared', () => {
    const detail = toProjectDetail(projectWithAuthorSchema.parse(payload('projects-project.json')), hosts);
    expect(detail.shared).toBe(true);
    expect(typeof detail.instructions).toBe('string');
    expect(detail.stats.views).toBeGreaterThan(0);
    const unshared = toProjectDetail(
      projectWithAuthorSchema.parse({
        ...payload('projects-project.json'),
        public: false,
        is_published: false,
      }),
      hosts,
    );
    expect(unshared.shared).toBe(false);
  });

  it('a person: avatar, status, bio, country, joined', () => {
    const user = toUserDetail(userSchema.parse(payload('users-user.json')), hosts);
    expect(user.avatarUrl).toMatch(/^https:\/\//);
    expect(user.joined).not.toBeNull();
    expect(typeof user.bio).toBe('string');
  });
});
