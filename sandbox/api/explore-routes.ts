/**
 * Explore and search. Options (docs/site-reference.md): `q` (explore projects: a tag, `*` for all;
 * explore studios and search: words that must all appear in the title, description or
 * instructions, or the creator's name; `*` or none: all), `mode` (`popular` | `trending` |
 * `recent`, default `trending` for explore and `popular` for search; anything else is a 400),
 * `language` (a locale: results in that language come first, the others follow; `*` none),
 * `limit` and `offset` as every paged list.
 *
 * Orders: popular = most loves (studios: most followers); trending = loves weighted by recency;
 * recent = newest shared (studios: newest made).
 */
import type { Context, Hono } from 'hono';
import type { Project, Studio } from '../model';
import { originsFor, type SandboxEnv } from '../origins';
import type { ApiContext } from './context';
import { ApiError, page, paging } from './request';
import { projectJson, studioJson } from './serialize';

const MODES = ['popular', 'trending', 'recent'] as const;
type Mode = (typeof MODES)[number];

function mode(c: Context, fallback: Mode): Mode {
  const value = c.req.query('mode') || fallback;
  if (!(MODES as readonly string[]).includes(value)) {
    throw new ApiError(400, 'BadRequest', `mode must be one of ${MODES.join(', ')}`);
  }
  return value as Mode;
}

const words = (q: string | undefined) =>
  q === undefined || q.trim() === '' || q.trim() === '*' ? [] : q.toLowerCase().split(/\s+/).filter(Boolean);

export function mountExploreRoutes(app: Hono<SandboxEnv>, { store }: ApiContext): void {
  /** Days since `iso` on the sandbox's clock (moving it ages everything alike). */
  const age = (iso: string | null) => Math.max(0, (store.clock.now() - Date.parse(iso ?? '')) / 86_400_000);

  const projects = (c: Context, matches: (p: Project) => boolean, fallback: Mode) => {
    const how = mode(c, fallback);
    const language = c.req.query('language');
    const score = (p: Project) => {
      const loves = store.loveCount(p.id);
      if (how === 'popular') return loves * 1000 + p.views / 100;
      if (how === 'trending') return (loves + 1) / (age(p.shared) + 2) ** 1.2;
      return Date.parse(p.shared ?? p.created);
    };
    const ranked = store
      .projects()
      .filter((p) => p.isShared && matches(p))
      .map((p) => ({
        p,
        score: score(p),
        first: language && language !== '*' && p.language === language ? 1 : 0,
      }))
      .sort((a, b) => b.first - a.first || b.score - a.score || b.p.id - a.p.id);
    return c.json(page(ranked, paging(c)).map(({ p }) => projectJson(store, originsFor(c), p)));
  };

  const studios = (c: Context, matches: (s: Studio) => boolean, fallback: Mode) => {
    const how = mode(c, fallback);
    const score = (s: Studio) => {
      const followers = store.studioFollowerCount(s.id);
      if (how === 'popular') return followers;
      if (how === 'trending') return (followers + 1) / (age(s.modified) + 2) ** 1.2;
      return Date.parse(s.created);
    };
    const ranked = store
      .studios()
      .filter(matches)
      .map((s) => ({ s, score: score(s) }))
      .sort((a, b) => b.score - a.score || b.s.id - a.s.id);
    return c.json(page(ranked, paging(c)).map(({ s }) => studioJson(store, originsFor(c), s)));
  };

  const projectText = (p: Project) =>
    `${p.title} ${p.description} ${p.instructions} ${store.getUserById(p.authorId)?.username ?? ''}`.toLowerCase();
  const studioText = (s: Studio) => `${s.title} ${s.description}`.toLowerCase();
  const hasAll = (text: string, terms: string[]) => terms.every((t) => text.includes(t));

  app.get('/explore/projects', (c) => {
    const tag = (c.req.query('q') ?? '*').trim().toLowerCase();
    return projects(c, (p) => tag === '*' || tag === '' || p.tags.includes(tag), 'trending');
  });

  app.get('/explore/studios', (c) => {
    const terms = words(c.req.query('q'));
    return studios(c, (s) => hasAll(studioText(s), terms), 'trending');
  });

  app.get('/search/projects', (c) => {
    const terms = words(c.req.query('q'));
    return projects(c, (p) => hasAll(projectText(p), terms), 'popular');
  });

  app.get('/search/studios', (c) => {
    const terms = words(c.req.query('q'));
    return studios(c, (s) => hasAll(studioText(s), terms), 'popular');
  });
}
