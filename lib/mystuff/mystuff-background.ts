/**
 * The My Stuff service (./mystuff.ts) as the background runs it: the API client's two lists of the
 * member, the session, `myStuffCacheItem` within its byte budget, and the protocol handler the
 * popup uses. `registerMyStuff` registers it synchronously (the MV3 worker is woken by the message).
 */
import type { ApiClient } from '@/lib/api/client';
import type { Project } from '@/lib/api/schemas';
import type { SiteProfile } from '@/lib/config';
import { myStuffCacheItem } from '@/lib/mystuff/mystuff-storage';
import { answerMessages, type HandlersOf } from '@/lib/protocol/checked-messages';
import { siteImageUrl } from '@/lib/site/site-images';
import { budgetedCache } from '@/lib/storage/cache-budget';
import { createMyStuffService, type MyStuffPorts, type MyStuffService } from './mystuff';
import { myStuffCacheBudget } from './mystuff-budget';
import type { MyProject } from './mystuff-model';
import { myStuffMessages } from './mystuff-protocol';

/** The API client's lists My Stuff reads. */
export type MyStuffApi = Pick<ApiClient, 'userProjects' | 'favorites'>;

export interface MyStuffDeps {
  profile: SiteProfile;
  api: MyStuffApi;
  signedInUser(): Promise<string | null>;
  /** Injected in tests; the clock otherwise. */
  now?: () => number;
}

/** A project as My Stuff keeps it: what it shows, its picture only from the site's image hosts. */
export function toMyProject(project: Project, profile: Pick<SiteProfile, 'site' | 'uploads'>): MyProject {
  const fallback = `${profile.uploads[0] ?? profile.site}/projects/thumbnails/${project.id}.png`;
  const stats: MyProject['stats'] = {};
  // Only the counts the service sent: one it leaves out is not a zero.
  for (const name of ['views', 'loves', 'favorites', 'remixes'] as const) {
    const count = project.stats?.[name];
    if (count !== undefined) stats[name] = count;
  }
  return {
    id: project.id,
    title: project.title,
    author: project.author.username,
    thumbnailUrl:
      siteImageUrl(project.images?.['282x218'] ?? project.image, profile) ??
      siteImageUrl(fallback, profile) ??
      fallback,
    sharedAt: project.history?.shared ?? null,
    stats,
  };
}

/** The service on the API client and storage. */
export function myStuffPorts(deps: MyStuffDeps): MyStuffPorts {
  return {
    now: deps.now ?? Date.now,
    signedInUser: deps.signedInUser,
    async readPage(list, username, page) {
      const { items, received } = await (list === 'shared'
        ? deps.api.userProjects
        : deps.api.favorites
      ).listPage({ username }, page);
      return { items: items.map((project) => toMyProject(project, deps.profile)), received };
    },
    cache: budgetedCache(myStuffCacheItem, myStuffCacheBudget),
  };
}

/**
 * The protocol handler (exported for tests). Only the extension's own pages may ask, and only for
 * the two lists (./mystuff-protocol.ts): a read with the member's token is not a page's to start.
 */
export function myStuffHandlers(service: MyStuffService) {
  return {
    async refreshMyStuff({ data }) {
      await service.refresh(data.lists, { force: data.force === true });
    },
  } satisfies HandlersOf<typeof myStuffMessages>;
}

/** Registers My Stuff's protocol handler. Call synchronously from the background's main function. */
export function registerMyStuff(deps: MyStuffDeps): MyStuffService {
  const service = createMyStuffService(myStuffPorts(deps));
  answerMessages(deps.profile, myStuffMessages, myStuffHandlers(service));
  service.start().catch((error: unknown) => console.warn('[companion] my stuff: start failed:', error));
  return service;
}
