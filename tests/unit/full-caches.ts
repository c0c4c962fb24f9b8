/**
 * Every cache of storage.local (lib/composition/storage-budget.ts) filled past its byte cap with the largest
 * items it can hold: comments, titles and translations of maximum length made of the sandbox's
 * hostile strings (markup, quotes, emoji, right-to-left text, zero-width and control characters),
 * which escape to several bytes a character in Chrome's count (lib/storage/storage-quota.ts).
 */
import type { Message } from '@/lib/api/schemas';
import { type CachedList, emptyList } from '@/lib/cached-list/cached-list';
import type { ExploreCache, ExploreList, ProjectCard } from '@/lib/explore/explore-model';
import { FEED_MAX_ITEMS, type FeedProject, type MemberFeed } from '@/lib/feed/feed-model';
import {
  MAX_CACHED_THREADS,
  MAX_REPLY_LENGTH,
  MESSAGES_MAX_ITEMS,
  type MemberMessages,
  type MessageThread,
  type ThreadComment,
} from '@/lib/messages/messages-model';
import { MAX_ALERT_LENGTH, MAX_KEPT_ALERTS } from '@/lib/messages/team-alerts';
import { type MemberStuff, MY_STUFF_MAX_ITEMS, type MyProject } from '@/lib/mystuff/mystuff-model';
import type { MemberHistory } from '@/lib/project-history/project-history-model';
import type {
  MemberStatuses,
  PageStatuses,
  ProjectStatusCache,
} from '@/lib/project-status/project-status-model';
import type { TranslationCache } from '@/lib/translation/translation';
import { HOSTILE_STRINGS } from '@/sandbox/hostile';

/**
 * Hostile text of `length` code points (the site counts code points) at its costliest: one of the
 * sandbox's strings, then `<` to the length, each `<` 6 bytes in Chrome's count (`\u003C`).
 */
export function hostileText(length: number, seed = 0): string {
  const start = [...(HOSTILE_STRINGS[seed % HOSTILE_STRINGS.length] as string)].slice(0, length);
  return start.join('') + '<'.repeat(length - start.length);
}

/** A comment of the site's maximum length. */
export const hostileComment = (seed = 0) => hostileText(MAX_REPLY_LENGTH, seed);

/** Members of a shared computer: more than any cache keeps, the first the most recent. */
const MEMBERS = ['demo', 'carol', 'مرحبا<b>', 'dave', 'erin', 'frank'] as const;
const T0 = 1_764_000_000_000;
const at = (i: number) => new Date(T0 - i * 60_000).toISOString();

function fullList<T>(items: T[]): CachedList<T> {
  return { ...emptyList<T>(), items, readAt: T0, complete: true, nextOffset: items.length };
}

export function fullMessagesCache(): Record<string, MemberMessages> {
  return Object.fromEntries(
    MEMBERS.map((username, m) => {
      const messages = Array.from(
        { length: MESSAGES_MAX_ITEMS },
        (_, i) =>
          ({
            type: 'addcomment',
            id: 1_000_000 * (m + 1) + i,
            datetime_created: at(i),
            actor_username: hostileText(20, i),
            actor_id: 10 + i,
            comment_type: 0,
            comment_obj_id: 500 + i,
            comment_obj_title: hostileText(100, i + 3),
            comment_id: 9_000_000 + i,
            comment_fragment: hostileComment(i),
            commentee_username: username,
          }) as Message,
      );
      // The most recent member also has the most the site team's alerts can take: they must fit beside
      // a full list of worst-case messages.
      const alerts =
        m === 0
          ? {
              items: Array.from({ length: MAX_KEPT_ALERTS }, (_, i) => ({
                id: 700 + i,
                datetime_created: at(i),
                message: hostileText(MAX_ALERT_LENGTH, i),
              })),
              invite: { id: 9, datetime_created: at(0) },
              readAt: T0,
              error: null,
            }
          : undefined;
      return [username, { username, usedAt: T0 - m, list: fullList(messages), ...(alerts && { alerts }) }];
    }),
  );
}

function threadComment(id: number, parentId: number | null, seed: number): ThreadComment {
  return {
    id,
    parentId,
    commenteeId: parentId === null ? null : 7,
    content: hostileComment(seed),
    createdAt: at(seed),
    author: {
      id: 20 + seed,
      username: hostileText(20, seed),
      image: `https://uploads.scratch.mit.edu/users/avatars/${20 + seed}.png`,
    },
  };
}

export function fullMessageThreads(): Record<string, Record<string, MessageThread>> {
  // Two members' full conversations are already twice the cap.
  return Object.fromEntries(
    MEMBERS.slice(0, 2).map((username, m) => {
      const threads: Record<string, MessageThread> = {};
      for (let t = 0; t < MAX_CACHED_THREADS; t++) {
        const commentId = 100_000 * (m + 1) + t * 100;
        const key = `project:${900 + t}:${commentId}`;
        threads[key] = {
          key,
          kind: 'project',
          objectId: 900 + t,
          commentId,
          owner: { id: 7, username: hostileText(20, t) },
          top: threadComment(commentId, null, t),
          // The site's limit of replies to one comment.
          replies: Array.from({ length: 25 }, (_, r) => threadComment(commentId + r + 1, commentId, t + r)),
          readAt: T0 - m * 1000 - t,
          loading: false,
          missing: false,
          error: null,
        };
      }
      return [username, threads];
    }),
  );
}

function feedProject(id: number, seed: number): FeedProject {
  return {
    id,
    title: hostileText(100, seed),
    author: hostileText(20, seed + 1),
    thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
    at: at(seed),
  };
}

export function fullFeedCache(): Record<string, MemberFeed> {
  return Object.fromEntries(
    MEMBERS.map((username, m) => {
      const projects = (offset: number) =>
        fullList(Array.from({ length: FEED_MAX_ITEMS }, (_, i) => feedProject(offset + i, i)));
      const activity = fullList(
        Array.from(
          { length: FEED_MAX_ITEMS },
          (_, i) =>
            ({
              type: 'loveproject',
              id: i,
              actor_username: hostileText(20, i),
              actor_id: 30 + i,
              datetime_created: at(i),
              project_id: 600 + i,
              title: hostileText(100, i),
            }) as unknown as MemberFeed['activity']['items'][number],
        ),
      );
      const feed: MemberFeed = {
        username,
        usedAt: T0 - m,
        activity,
        shared: projects(10_000),
        loved: projects(20_000),
        studios: projects(30_000),
      };
      return [username, feed];
    }),
  );
}

/**
 * Translations of 1,000-character hostile texts (the helper's largest piece): 250 of the 2,000 the
 * service keeps are already three times the cap.
 */
export function fullTranslationCache(): TranslationCache {
  const cache: TranslationCache = {};
  for (let i = 0; i < 250; i++)
    cache[`fr\n${hostileText(1000, i)}${i}`] = { text: hostileText(1000, i + 7), from: 'en', usedAt: T0 - i };
  return cache;
}

export function fullExploreCache(): ExploreCache {
  const card = (id: number, seed: number): ProjectCard => ({
    type: 'project',
    id,
    title: hostileText(100, seed),
    author: hostileText(20, seed),
    thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
    loves: 1000 + seed,
    views: 100_000 + seed,
    remixes: seed,
  });
  const lists: Record<string, ExploreList> = {};
  for (let l = 0; l < 12; l++)
    lists[`search|projects|${hostileText(10, l)}|popular|`] = {
      ...fullList(Array.from({ length: 400 }, (_, i) => card(l * 1000 + i, i))),
      usedAt: T0 - l,
    };
  return {
    featured: {
      rows: [
        {
          key: 'community_featured_projects',
          items: Array.from({ length: 20 }, (_, i) => card(90_000 + i, i)),
        },
      ],
      readAt: T0,
      loading: false,
      error: null,
    },
    projectCount: { count: 1_000_000, readAt: T0, error: null },
    lists,
  };
}

export function fullProjectStatuses(): ProjectStatusCache {
  const member = (m: number): MemberStatuses => ({
    loves: Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [
        String(100_000_000 + m * 10_000 + i),
        { loved: i % 2 === 0, at: T0 - i, seen: T0 - i },
      ]),
    ),
    favorites: {
      ids: Array.from({ length: 1000 }, (_, i) => 200_000_000 + i),
      complete: true,
      at: T0,
      changed: false,
    },
    favoriteReads: Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [String(300_000_000 + i), { favorited: true, at: T0 - i }]),
    ),
    usedAt: T0 - m,
  });
  return { member: MEMBERS[0], members: Object.fromEntries(MEMBERS.map((name, m) => [name, member(m)])) };
}

/**
 * Site pages' copy: the signed-in member's reads without the cache's bookkeeping, as large as a
 * member who browsed for years without a cap would leave it (20,000 projects' loves).
 */
export function fullPageStatuses(): PageStatuses {
  const cache = fullProjectStatuses();
  const { favorites, favoriteReads } = cache.members[cache.member as string] as MemberStatuses;
  const loves = Object.fromEntries(
    Array.from({ length: 20_000 }, (_, i) => [
      String(400_000_000 + i),
      { loved: i % 2 === 0, at: T0 - i, seen: T0 - i },
    ]),
  );
  return { member: cache.member as string, loves, favorites, favoriteReads };
}

function myProject(id: number, seed: number): MyProject {
  return {
    id,
    title: hostileText(100, seed),
    author: hostileText(20, seed + 1),
    thumbnailUrl: `https://cdn2.scratch.mit.edu/get_image/project/${id}_480x360.png`,
    sharedAt: at(seed),
    stats: {
      views: 1_000_000_000 + seed,
      loves: 1_000_000 + seed,
      favorites: 1_000_000 + seed,
      remixes: 100_000,
    },
  };
}

export function fullMyStuffCache(): Record<string, MemberStuff> {
  return Object.fromEntries(
    MEMBERS.map((username, m) => {
      const projects = (offset: number) =>
        fullList(Array.from({ length: MY_STUFF_MAX_ITEMS }, (_, i) => myProject(offset + i, i)));
      const stuff: MemberStuff = {
        username,
        usedAt: T0 - m,
        shared: projects(40_000),
        favorites: projects(50_000),
      };
      return [username, stuff];
    }),
  );
}

/**
 * Three members' years of records, each of My Stuff's most projects (400, hostile titles) on a year's
 * kept days (90 daily, then weekly), with counts in the millions.
 */
export function fullProjectHistory(): Record<string, MemberHistory> {
  const today = 20_000;
  const days = [
    ...Array.from({ length: 39 }, (_, w) => today - 364 + w * 7),
    ...Array.from({ length: 90 }, (_, d) => today - 89 + d),
  ];
  return Object.fromEntries(
    MEMBERS.map((username, m) => {
      const history: MemberHistory = {
        username,
        usedAt: T0 - m,
        days,
        checkedOn: today,
        projects: Array.from({ length: MY_STUFF_MAX_ITEMS }, (_, i) => ({
          id: 1_000_000_000 + m * 1_000 + i,
          title: HOSTILE_STRINGS[i % HOSTILE_STRINGS.length] as string,
          gone: i % 10 === 0,
          counts: days.map((_, d) => [1_000_000 + d, 100_000 + d, 9_000_000 + d, 10_000 + d]),
        })),
      };
      return [username, history];
    }),
  );
}

/** Each cache's item key and its full value. */
export const FULL_CACHES = {
  'local:messagesCache': fullMessagesCache,
  'local:messageThreads': fullMessageThreads,
  'local:feedCache': fullFeedCache,
  'local:translationCache': fullTranslationCache,
  'local:exploreCache': fullExploreCache,
  'local:projectStatuses': fullProjectStatuses,
  'local:pageProjectStatuses': fullPageStatuses,
  'local:myStuffCache': fullMyStuffCache,
  'local:projectHistory': fullProjectHistory,
} as const;
