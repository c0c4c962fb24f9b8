/**
 * The one place the protocol's declarations are enforced: a handler runs only for a sender of the
 * kinds its message names, with data its schema took (and cleaned).
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { checkedHandler } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '../config';

const profile = siteProfiles.public;
const site = 'https://scratch.mit.edu/projects/5/';
const popup = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });
const siteTab = () => ({
  id: fakeBrowser.runtime.id,
  url: site,
  tab: { id: 7, index: 0, url: site } as never,
});

describe('checkedHandler', () => {
  it('refuses a sender of a kind the message does not name, before the handler runs', async () => {
    const handler = vi.fn(async () => ({ ok: true as const }));
    const post = checkedHandler(profile, 'deleteMessageComment', handler);
    const data = { member: 'demo', kind: 'project', objectId: 1, commentId: 2, targetId: 3 };
    await expect(post({ data, sender: siteTab() })).rejects.toThrow('Untrusted sender');
    await expect(post({ data, sender: { ...popup(), id: 'another-extension' } })).rejects.toThrow(
      'Untrusted sender',
    );
    expect(handler).not.toHaveBeenCalled();
    await expect(post({ data, sender: popup() })).resolves.toEqual({ ok: true });
    expect(handler).toHaveBeenCalledWith({ data, sender: popup() });
  });

  it('refuses a site-tab message from an extension page, even one in a tab', async () => {
    const handler = vi.fn(async () => 3);
    const report = checkedHandler(profile, 'reportMessageCount', handler);
    const inTab = { ...popup(), tab: { id: 8, index: 0, url: popup().url } as never };
    await expect(report({ data: { count: 3 }, sender: inTab })).rejects.toThrow('Untrusted sender');
    await expect(report({ data: { count: 3 }, sender: siteTab() })).resolves.toBe(3);
  });

  it('refuses malformed data (sender first), and passes the parsed data on', async () => {
    const handler = vi.fn(() => undefined);
    const statuses = checkedHandler(profile, 'getProjectStatuses', handler);
    await expect(statuses({ data: { ids: 'all' }, sender: popup() })).rejects.toThrow(
      'Malformed message: getProjectStatuses',
    );
    const stranger = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    await expect(statuses({ data: { ids: 'all' }, sender: stranger })).rejects.toThrow('Untrusted sender');
    await statuses({ data: { ids: [4, -1], extra: 1 }, sender: siteTab() });
    expect(handler).toHaveBeenCalledWith({ data: { ids: [4] }, sender: siteTab() });
  });

  it('gives a message without data nothing, whatever came', async () => {
    const handler = vi.fn(() => ({ ok: true as const, version: '1', profile: 'public', development: true }));
    await checkedHandler(profile, 'ping', handler)({ data: { huge: 'x'.repeat(1000) }, sender: popup() });
    expect(handler).toHaveBeenCalledWith({ data: undefined, sender: popup() });
  });
});
