/**
 * The messages list through the service: read once per freshness window, shared by callers, kept
 * per member, nothing read for a member without a cached list when only a cached one is asked for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { setup } from './fake-messages-ports';
import { MESSAGES_FRESH_MS } from './messages-model';

afterEach(() => {
  fakeBrowser.reset();
});

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
