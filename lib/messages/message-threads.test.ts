/**
 * Threads through the service: a reply with its parent and the replies in a handful of requests,
 * then from the cache; a comment that is gone marked missing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { setup } from './fake-messages-ports';
import { threadKey } from './messages-model';

afterEach(() => {
  fakeBrowser.reset();
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
