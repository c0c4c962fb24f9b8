/**
 * Fake ports for the messages service's tests: the API client answering from a small site of
 * comments (counting its calls), storage in memory, a clock the test moves and the member signed in.
 */
import { vi } from 'vitest';
import { NotFound } from '@/lib/api/errors';
import type { Comment, Message } from '@/lib/api/schemas';
import { createMessagesService, type Member, type MessagesPorts } from './messages';
import {
  type AlertKind,
  type Drafts,
  type ScratcherInvite,
  type TeamAlert,
  threadKey,
} from './messages-model';
import type { PendingPosts } from './pending-posts';
import { draftKey } from './replies-model';

export const DEMO: Member = { id: 1, username: 'demo' };
export const people: Record<number, string> = { 1: 'demo', 2: 'alice', 3: 'bob', 4: 'carol' };
export const commentOf = (id: number, parent: number | null, authorId: number): Comment => ({
  id,
  parent_id: parent,
  commentee_id: null,
  content: `comment ${id}`,
  datetime_created: '2026-11-20T12:00:00.000Z',
  author: { id: authorId, username: people[authorId] },
});
export const message = (id: number): Message => ({
  id,
  type: 'followuser',
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: 'alice',
  actor_id: 2,
});

export function setup(options: { owner?: Member } = {}) {
  let clock = 1_000_000;
  let member: Member | null = DEMO;
  const comments = new Map<number, Comment>([
    [10, commentOf(10, null, 2)],
    [11, commentOf(11, 10, 3)],
    [12, commentOf(12, 10, 4)],
  ]);
  const calls: string[] = [];
  /** Reads of the team's alerts and the invitation, and dismissals: apart from `calls`. */
  const alertCalls: string[] = [];
  /** What the site holds of the team's alerts and the invitation (tests change them). */
  const site: { alerts: TeamAlert[]; invite: ScratcherInvite | null } = { alerts: [], invite: null };
  let nextId = 100;
  const api = {
    messagesPage: vi.fn(async (_u: string, page: { offset: number }) => {
      calls.push(`messages@${page.offset}`);
      return { items: [message(3), message(2), message(1)], received: 3 };
    }),
    projectOwner: vi.fn(async () => {
      calls.push('owner');
      return options.owner ?? DEMO;
    }),
    projectComment: vi.fn(async (_o: string, _p: number, id: number) => {
      calls.push(`comment ${id}`);
      const found = comments.get(id);
      if (found === undefined) throw new NotFound('Not found.', { status: 404 });
      return found;
    }),
    projectReplies: vi.fn(async () => {
      calls.push('replies');
      const items = [...comments.values()].filter((c) => c.parent_id === 10);
      return { items, received: items.length };
    }),
    studioComment: vi.fn(async (_s: number, id: number) => comments.get(id) as Comment),
    studioReplies: vi.fn(async () => ({ items: [], received: 0 })),
    post: vi.fn(
      async (_k: string, _o: number, c: { content: string; parentId?: number; commenteeId?: number }) => {
        calls.push('post');
        const posted = {
          ...commentOf(nextId++, c.parentId ?? null, DEMO.id),
          content: c.content,
          commentee_id: c.commenteeId ?? null,
        };
        // The answer of a successful post may lack the author's username.
        return { ...posted, author: { id: DEMO.id } };
      },
    ),
    delete: vi.fn(async () => {
      calls.push('delete');
    }),
    teamAlerts: vi.fn(async (_u: string) => {
      alertCalls.push('alerts');
      return structuredClone(site.alerts);
    }),
    scratcherInvite: vi.fn(async (_u: string) => {
      alertCalls.push('invite');
      return structuredClone(site.invite);
    }),
    dismissAlert: vi.fn(async (kind: AlertKind, id: number) => {
      alertCalls.push(`dismiss ${kind} ${id}`);
      if (kind === 'invite') {
        if (site.invite?.id !== id) return false;
        site.invite = null;
        return true;
      }
      const before = site.alerts.length;
      site.alerts = site.alerts.filter((alert) => alert.id !== id);
      return site.alerts.length < before;
    }),
    markAllRead: vi.fn(async () => {
      alertCalls.push('mark all read');
      return true;
    }),
    acceptCuratorInvite: vi.fn(async (studioId: number, username: string) => {
      alertCalls.push(`accept ${studioId} ${username}`);
      return true;
    }),
  };
  const lowered: string[] = [];
  const markedRead: string[] = [];
  const memory = <T>(value: T) => ({
    value,
    get: async function (this: { value: T }) {
      return structuredClone(this.value);
    },
    set: async function (this: { value: T }, next: T) {
      this.value = structuredClone(next);
    },
  });
  const ports = {
    now: () => clock,
    member: async () => member,
    api,
    cache: memory({}),
    threads: memory({}),
    drafts: memory<Drafts>({}),
    pending: memory<PendingPosts>({}),
    // Time passes on the fake clock only.
    sleep: async (ms: number) => {
      clock += ms;
    },
    alertDismissed: async (username: string) => {
      lowered.push(username);
    },
    markedRead: async (username: string) => {
      markedRead.push(username);
    },
  } satisfies MessagesPorts;
  const service = createMessagesService(ports);
  return {
    service,
    api,
    calls,
    alertCalls,
    site,
    /** Who the message count was lowered for, by a dismissal. */
    lowered,
    /** Who the message count heard was marked read. */
    markedRead,
    ports,
    comments,
    /** The site takes the next post but its answer never comes back (the worker stopped). */
    postLandsUnanswered: () =>
      api.post.mockImplementationOnce(async (_k, _o, c) => {
        const id = nextId++;
        comments.set(id, { ...commentOf(id, c.parentId ?? null, DEMO.id), content: c.content });
        return new Promise<never>(() => {});
      }),
    /** The next post leaves, and neither it nor an answer ever arrives. */
    postLost: () => api.post.mockImplementationOnce(() => new Promise<never>(() => {})),
    /** A new worker: the same storage and site, nothing in memory. */
    restart: () => createMessagesService(ports),
    tick: (ms: number) => {
      clock += ms;
    },
    signIn: (next: Member | null) => {
      member = next;
    },
  };
}

export const REPLY = {
  member: 'demo',
  kind: 'project' as const,
  objectId: 5,
  commentId: 12,
  repliedId: 12,
  text: 'thanks!',
};
export const KEY = draftKey(threadKey('project', 5, 12), 12);
