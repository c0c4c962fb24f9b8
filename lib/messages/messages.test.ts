/**
 * The messages service with fakes: the list's cache and freshness, threads in a handful of requests,
 * replies (addressing, one at a time, drafts cleared only on success), deletes where allowed, and the
 * protocol handlers refusing everything but the extension's own pages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CommentRejected, NotFound, ServerError, Timeout } from '@/lib/api/errors';
import type { Comment, Message } from '@/lib/api/schemas';
import { checkedHandlers } from '@/lib/checked-messages';
import { siteProfiles } from '@/lib/config';
import { createMessagesService, type Member, type MessagesPorts, type MessagesService } from './messages';
import { messagesHandlers as uncheckedHandlers } from './messages-background';
import { type Drafts, draftKey, MESSAGES_FRESH_MS, threadKey, withDraft } from './messages-model';
import { LANDED_RESEND_MS, PENDING_SETTLE_MS, type PendingPosts, unresolvedPosts } from './pending-posts';

afterEach(() => {
  fakeBrowser.reset();
});

const DEMO: Member = { id: 1, username: 'demo' };
const people: Record<number, string> = { 1: 'demo', 2: 'alice', 3: 'bob', 4: 'carol' };
const commentOf = (id: number, parent: number | null, authorId: number): Comment => ({
  id,
  parent_id: parent,
  commentee_id: null,
  content: `comment ${id}`,
  datetime_created: '2026-11-20T12:00:00.000Z',
  author: { id: authorId, username: people[authorId] },
});
const message = (id: number): Message => ({
  id,
  type: 'followuser',
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: 'alice',
  actor_id: 2,
});

function setup(options: { owner?: Member } = {}) {
  let clock = 1_000_000;
  let member: Member | null = DEMO;
  const comments = new Map<number, Comment>([
    [10, commentOf(10, null, 2)],
    [11, commentOf(11, 10, 3)],
    [12, commentOf(12, 10, 4)],
  ]);
  const calls: string[] = [];
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
  };
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
  } satisfies MessagesPorts;
  const service = createMessagesService(ports);
  return {
    service,
    api,
    calls,
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

const REPLY = { kind: 'project' as const, objectId: 5, commentId: 12, repliedId: 12, text: 'thanks!' };
const KEY = draftKey(threadKey('project', 5, 12), 12);

describe('the list', () => {
  it('is read once per freshness window, shared by callers, and kept per member', async () => {
    const { service, calls, ports, tick, signIn } = setup();
    await Promise.all([service.refresh(), service.refresh()]);
    expect(calls).toEqual(['messages@0']);
    await service.refresh();
    expect(calls).toHaveLength(1);
    tick(MESSAGES_FRESH_MS);
    await service.refresh();
    expect(calls).toHaveLength(2);
    expect(ports.cache.value).toMatchObject({ demo: { list: { items: [{ id: 3 }, { id: 2 }, { id: 1 }] } } });
    // A change of count re-reads only a list the member has.
    signIn({ id: 9, username: 'other' });
    await service.refresh({ force: true, onlyIfCached: true });
    expect(calls).toHaveLength(2);
    signIn(null);
    await service.refresh({ force: true });
    expect(calls).toHaveLength(2);
  });
});

describe('threads', () => {
  it('read a reply with its parent and the replies in four requests, then come from the cache', async () => {
    const { service, calls, ports } = setup();
    await service.openThread('project', 5, 12);
    expect(calls).toEqual(['owner', 'comment 12', 'comment 10', 'replies']);
    const thread = (
      ports.threads.value as Record<
        string,
        Record<string, { top: { id: number }; replies: { id: number }[] }>
      >
    ).demo?.[threadKey('project', 5, 12)];
    expect(thread?.top.id).toBe(10);
    expect(thread?.replies.map((r) => r.id)).toEqual([11, 12]);
    await service.openThread('project', 5, 12);
    expect(calls).toHaveLength(4);
    // Forced: the owner is remembered.
    await service.openThread('project', 5, 12, { force: true });
    expect(calls.slice(4)).toEqual(['comment 12', 'comment 10', 'replies']);
  });

  it('mark a comment that is gone as missing', async () => {
    const { service, ports } = setup();
    await service.openThread('project', 5, 99);
    expect(
      (ports.threads.value as Record<string, Record<string, { missing: boolean }>>).demo?.[
        threadKey('project', 5, 99)
      ]?.missing,
    ).toBe(true);
  });
});

describe('replies', () => {
  it('are addressed as the site does, sent once for two sends, and clear the draft only on success', async () => {
    const { service, api, ports } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    const [first, second] = await Promise.all([service.reply(REPLY), service.reply(REPLY)]);
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('project', 5, {
      content: '@carol thanks!',
      parentId: 10,
      commenteeId: 4,
    });
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, comment: { author: { username: 'demo' }, parentId: 10 } });
    expect(ports.drafts.value).toEqual({});
    const thread = (ports.threads.value as Record<string, Record<string, { replies: { id: number }[] }>>)
      .demo?.[threadKey('project', 5, 12)];
    expect(thread?.replies.map((r) => r.id)).toEqual([11, 12, 100]);
  });

  it('keep the draft after a rejection (with when a mute ends) and after a failure', async () => {
    const { service, api, ports } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    api.post.mockRejectedValueOnce(new CommentRejected('isMuted', { muteExpiresAt: 1_800_000_000 }));
    expect(await service.reply(REPLY)).toEqual({
      ok: false,
      kind: 'rejected',
      code: 'isMuted',
      muteExpiresAt: 1_800_000_000,
    });
    api.post.mockRejectedValueOnce(new ServerError('The service failed (status 500).', { status: 500 }));
    expect(await service.reply(REPLY)).toMatchObject({
      ok: false,
      kind: 'failed',
      error: { kind: 'server', status: 500 },
    });
    expect(ports.drafts.value).toEqual(withDraft({}, 'demo', KEY, 'thanks!', 1));
  });

  it('are not sent to a comment outside the conversation the member was shown', async () => {
    const { service, api } = setup();
    expect(await service.reply(REPLY)).toEqual({ ok: false, kind: 'not-in-thread' });
    expect(api.post).not.toHaveBeenCalled();
  });
});

describe('replies sent by a worker that stopped before the answer', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('are found on the site by the next send: nothing posted twice, the draft cleared, the thread shows it', async () => {
    const { service, api, ports, calls, postLandsUnanswered, restart } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLandsUnanswered();
    void service.reply(REPLY);
    await flush();
    expect(ports.pending.value).toMatchObject({
      demo: { [KEY]: { content: '@carol thanks!', afterId: 12 } },
    });
    expect(ports.drafts.value).toEqual(withDraft({}, 'demo', KEY, 'thanks!', 1));

    const next = restart();
    calls.length = 0;
    const outcome = await next.reply(REPLY);
    expect(outcome).toMatchObject({ ok: true, comment: { id: 100, content: '@carol thanks!' } });
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['replies']);
    expect(ports.drafts.value).toEqual({});
    expect(unresolvedPosts(ports.pending.value)).toEqual([]);
    const thread = (ports.threads.value as Record<string, Record<string, { replies: { id: number }[] }>>)
      .demo?.[threadKey('project', 5, 12)];
    expect(thread?.replies.map((r) => r.id)).toEqual([11, 12, 100]);
  });

  it('are found by a starting worker, which clears the draft without a send and answers the page’s re-send with them', async () => {
    const { service, api, ports, postLandsUnanswered, restart } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLandsUnanswered();
    void service.reply(REPLY);
    await flush();
    const next = restart();
    await next.start();
    expect(ports.drafts.value).toEqual({});
    expect(unresolvedPosts(ports.pending.value)).toEqual([]);
    // The page's send failed when the worker stopped, and it asks once more (lib/background-gone.ts),
    // after the new worker found the reply on starting: the same reply, not a second post.
    const outcome = await next.reply(REPLY);
    expect(outcome).toMatchObject({ ok: true, comment: { id: 100, content: '@carol thanks!' } });
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('answered just before the worker stopped are not posted again by the page’s re-send', async () => {
    const { service, api, restart } = setup();
    await service.openThread('project', 5, 12);
    const first = await service.reply(REPLY);
    expect(first).toMatchObject({ ok: true });
    // The answer never reached the page: it asks a new worker once more.
    const again = await restart().reply(REPLY);
    expect(again).toEqual(first);
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('are posted again when the member sends the same text once the re-send window has passed', async () => {
    const { service, api, ports, tick } = setup();
    await service.openThread('project', 5, 12);
    await service.reply(REPLY);
    tick(LANDED_RESEND_MS);
    expect(await service.reply(REPLY)).toMatchObject({ ok: true });
    expect(api.post).toHaveBeenCalledTimes(2);
    // A starting worker forgets what is older than the window.
    tick(LANDED_RESEND_MS);
    await service.start();
    expect(ports.pending.value).toEqual({});
  });

  it('keep a draft the member changed since, when the earlier text is found', async () => {
    const { service, ports, postLandsUnanswered, restart } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLandsUnanswered();
    void service.reply(REPLY);
    await flush();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks! and one more thing', 2);
    await restart().start();
    expect(ports.drafts.value).toEqual(withDraft({}, 'demo', KEY, 'thanks! and one more thing', 2));
  });

  it('that never landed are sent again once the first POST can no longer arrive, once', async () => {
    const { service, api, ports, calls, postLost, restart } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLost();
    void service.reply(REPLY);
    await flush();
    const sentAt = ports.now();
    calls.length = 0;
    const outcome = await restart().reply(REPLY);
    expect(outcome).toMatchObject({ ok: true, comment: { content: '@carol thanks!' } });
    expect(api.post).toHaveBeenCalledTimes(2);
    // It looked until the first could no longer land, then posted.
    expect(ports.now() - sentAt).toBeGreaterThanOrEqual(PENDING_SETTLE_MS);
    expect(calls.filter((c) => c === 'replies').length).toBeGreaterThan(1);
    expect(calls.at(-1)).toBe('post');
    expect(ports.drafts.value).toEqual({});
    expect(unresolvedPosts(ports.pending.value)).toEqual([]);
  });

  it('look only as long as the settle window the ports give (a shorter request timeout)', async () => {
    const { service, api, ports, postLost } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLost();
    void service.reply(REPLY);
    await flush();
    const sentAt = ports.now();
    const outcome = await createMessagesService({ ...ports, settleMs: () => 5_000 }).reply(REPLY);
    expect(outcome).toMatchObject({ ok: true, comment: { content: '@carol thanks!' } });
    expect(api.post).toHaveBeenCalledTimes(2);
    expect(ports.now() - sentAt).toBeGreaterThanOrEqual(5_000);
    expect(ports.now() - sentAt).toBeLessThan(PENDING_SETTLE_MS);
  });

  it('are not sent again while the thread cannot be read: the draft stays', async () => {
    const { service, api, ports, postLost, restart } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    postLost();
    void service.reply(REPLY);
    await flush();
    api.projectReplies.mockRejectedValueOnce(
      new ServerError('The service failed (status 500).', { status: 500 }),
    );
    expect(await restart().reply(REPLY)).toMatchObject({
      ok: false,
      kind: 'failed',
      error: { kind: 'server' },
    });
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(ports.drafts.value).toEqual(withDraft({}, 'demo', KEY, 'thanks!', 1));
    expect(Object.keys(ports.pending.value.demo ?? {})).toEqual([KEY]);
  });

  it('stay recorded after a timeout, and not after an answer of the site (500, rejection)', async () => {
    const { service, api, ports } = setup();
    await service.openThread('project', 5, 12);
    api.post.mockRejectedValueOnce(new Timeout(10_000));
    await service.reply(REPLY);
    expect(Object.keys(ports.pending.value.demo ?? {})).toEqual([KEY]);
    ports.pending.value = {};
    api.post.mockRejectedValueOnce(new ServerError('The service failed (status 500).', { status: 500 }));
    await service.reply(REPLY);
    api.post.mockRejectedValueOnce(new CommentRejected('isFlood'));
    await service.reply(REPLY);
    expect(ports.pending.value).toEqual({});
  });
});

describe('deletes', () => {
  it('take the member’s own comments and any on their own project, and update the thread', async () => {
    const { service, api, ports } = setup();
    await service.openThread('project', 5, 12);
    expect(
      await service.deleteComment({ kind: 'project', objectId: 5, commentId: 12, targetId: 11 }),
    ).toEqual({
      ok: true,
    });
    expect(api.delete).toHaveBeenCalledWith('project', 5, 11);
    const thread = (ports.threads.value as Record<string, Record<string, { replies: { id: number }[] }>>)
      .demo?.[threadKey('project', 5, 12)];
    expect(thread?.replies.map((r) => r.id)).toEqual([12]);
  });

  it('refuse others’ comments on someone else’s project without a request', async () => {
    const { service, api } = setup({ owner: { id: 2, username: 'alice' } });
    await service.openThread('project', 5, 12);
    expect(
      await service.deleteComment({ kind: 'project', objectId: 5, commentId: 12, targetId: 11 }),
    ).toEqual({
      ok: false,
      kind: 'not-allowed',
    });
    expect(api.delete).not.toHaveBeenCalled();
  });
});

/** The handlers as the background registers them: behind the protocol's checks. */
const messagesHandlers = (service: MessagesService) =>
  checkedHandlers(siteProfiles.public, uncheckedHandlers(service));

function fakeService() {
  return {
    start: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    loadMore: vi.fn(async () => undefined),
    openThread: vi.fn(async () => undefined),
    reply: vi.fn(async () => ({ ok: false as const, kind: 'not-in-thread' as const })),
    deleteComment: vi.fn(async () => ({ ok: true as const })),
  } satisfies MessagesService;
}

const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const site = 'https://scratch.mit.edu/projects/5/';
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;

describe('the protocol handlers', () => {
  const post = { ...REPLY };
  const remove = { kind: 'project' as const, objectId: 5, commentId: 12, targetId: 11 };

  it('serve the popup (in a tab too)', async () => {
    const service = fakeService();
    const handlers = messagesHandlers(service);
    const popup = { id: fakeBrowser.runtime.id, url: ownPage('/popup.html') };
    await handlers.postReply({ data: post, sender: popup });
    await handlers.deleteMessageComment({
      data: remove,
      sender: { ...popup, tab: tab(ownPage('/popup.html')) },
    });
    expect(service.reply).toHaveBeenCalledWith(post);
    expect(service.deleteComment).toHaveBeenCalledWith(remove);
  });

  it('refuse our content script in a site page, web pages and other extensions: nothing is posted or deleted', async () => {
    const service = fakeService();
    const handlers = messagesHandlers(service);
    const senders = [
      // Our own content script, in a site tab: a page's script could drive it.
      {
        id: fakeBrowser.runtime.id,
        url: site,
        tab: tab(site),
        frameId: 0,
        origin: 'https://scratch.mit.edu',
      },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: tab('https://evil.example/') },
      { id: 'another-extension', url: ownPage('/popup.html') },
      { id: fakeBrowser.runtime.id },
    ];
    for (const sender of senders) {
      await expect(handlers.postReply({ data: post, sender })).rejects.toThrow('Untrusted sender');
      await expect(handlers.deleteMessageComment({ data: remove, sender })).rejects.toThrow(
        'Untrusted sender',
      );
      await expect(handlers.refreshMessages({ data: {}, sender })).rejects.toThrow('Untrusted sender');
      await expect(
        handlers.openMessageThread({ data: { kind: 'project', objectId: 5, commentId: 12 }, sender }),
      ).rejects.toThrow('Untrusted sender');
    }
    expect(service.reply).not.toHaveBeenCalled();
    expect(service.deleteComment).not.toHaveBeenCalled();
    expect(service.refresh).not.toHaveBeenCalled();
    expect(service.openThread).not.toHaveBeenCalled();
  });

  it('refuse malformed requests from the popup', async () => {
    const service = fakeService();
    const handlers = messagesHandlers(service);
    const popup = { id: fakeBrowser.runtime.id, url: ownPage('/popup.html') };
    await expect(
      handlers.postReply({ data: { ...post, objectId: -1 } as never, sender: popup }),
    ).rejects.toThrow('Malformed');
    await expect(
      handlers.deleteMessageComment({ data: { ...remove, kind: 'profile' } as never, sender: popup }),
    ).rejects.toThrow('Malformed');
    expect(service.reply).not.toHaveBeenCalled();
  });
});
