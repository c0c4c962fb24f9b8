/**
 * Deletes through the service: the member's own comments and any on their own project, nothing
 * else, the thread updated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { setup } from './fake-messages-ports';
import { threadKey } from './messages-model';

afterEach(() => {
  fakeBrowser.reset();
});

describe('deletes', () => {
  it('take the member’s own comments and any on their own project, and update the thread', async () => {
    const { service, api, ports } = setup();
    await service.openThread('project', 5, 12);
    expect(
      await service.deleteComment({
        member: 'demo',
        kind: 'project',
        objectId: 5,
        commentId: 12,
        targetId: 11,
      }),
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
      await service.deleteComment({
        member: 'demo',
        kind: 'project',
        objectId: 5,
        commentId: 12,
        targetId: 11,
      }),
    ).toEqual({
      ok: false,
      kind: 'not-allowed',
    });
    expect(api.delete).not.toHaveBeenCalled();
  });
});
