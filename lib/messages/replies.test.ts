/**
 * Replies through the service: addressed as the site does, one at a time, drafts cleared only on
 * success, and never posted twice when a worker stopped before the answer (pending posts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CommentRejected, ServerError, Timeout } from '@/lib/api/errors';
import { KEY, REPLY, setup } from './fake-messages-ports';
import { createMessagesService } from './messages';
import { threadKey } from './messages-model';
import { LANDED_RESEND_MS, PENDING_SETTLE_MS, unresolvedPosts } from './pending-posts';
import { withDraft } from './replies-model';

afterEach(() => {
  fakeBrowser.reset();
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

  it('are not sent when storage has no room for their record, even with the caches given up: the draft stays', async () => {
    const { service, api, ports } = setup();
    ports.drafts.value = withDraft({}, 'demo', KEY, 'thanks!', 1);
    await service.openThread('project', 5, 12);
    // What lib/storage/storage-full.ts passes on when even the last cache given up left no room.
    ports.pending.set = async () => {
      throw new Error('Resource::kQuotaBytes quota exceeded');
    };
    expect(await service.reply(REPLY)).toEqual({ ok: false, kind: 'storage-full' });
    expect(api.post).not.toHaveBeenCalled();
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
    // The page's send failed when the worker stopped, and it asks once more (lib/protocol/background-gone.ts),
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
