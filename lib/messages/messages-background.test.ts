/**
 * The messages protocol handlers behind the protocol's checks: they serve the extension's own pages
 * and refuse everything else before the service is asked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { checkedHandlers } from '@/lib/composition/checked-protocol';
import { siteProfiles } from '@/lib/config';
import { REPLY } from './fake-messages-ports';
import type { MessagesService } from './messages';
import { messagesHandlers as uncheckedHandlers } from './messages-background';

afterEach(() => {
  fakeBrowser.reset();
});

/** The handlers as the background registers them: behind the protocol's checks. */
const messagesHandlers = (service: MessagesService) =>
  checkedHandlers(siteProfiles.public, uncheckedHandlers(service));

function fakeService() {
  return {
    start: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    loadMore: vi.fn(async () => undefined),
    newest: vi.fn(async () => null),
    openThread: vi.fn(async () => undefined),
    reply: vi.fn(async () => ({ ok: false as const, kind: 'not-in-thread' as const })),
    deleteComment: vi.fn(async () => ({ ok: true as const })),
    unlisted: vi.fn(async () => 0),
    knownUnlisted: vi.fn(async () => 0),
    dismissAlert: vi.fn(async () => ({ ok: true as const })),
    markAllRead: vi.fn(async () => ({ ok: true as const })),
    acceptCuratorInvite: vi.fn(async () => ({ ok: true as const })),
  } satisfies MessagesService;
}

const ownPage = (path: string) => fakeBrowser.runtime.getURL(path as '/');
const site = 'https://scratch.mit.edu/projects/5/';
const tab = (url: string) => ({ id: 7, index: 0, url }) as never;

describe('the protocol handlers', () => {
  const post = { ...REPLY };
  const remove = { member: 'demo', kind: 'project' as const, objectId: 5, commentId: 12, targetId: 11 };

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
    await handlers.dismissTeamAlert({ data: { member: 'demo', kind: 'invite', id: 4 }, sender: popup });
    expect(service.dismissAlert).toHaveBeenCalledWith({ username: 'demo', kind: 'invite', id: 4 });
    await handlers.markAllMessagesRead({ data: { member: 'demo' }, sender: popup });
    expect(service.markAllRead).toHaveBeenCalledWith({ username: 'demo' });
    await handlers.acceptCuratorInvite({ data: { member: 'demo', studioId: 30 }, sender: popup });
    expect(service.acceptCuratorInvite).toHaveBeenCalledWith({ username: 'demo', studioId: 30 });
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
        handlers.dismissTeamAlert({ data: { member: 'demo', kind: 'notification', id: 4 }, sender }),
      ).rejects.toThrow('Untrusted sender');
      await expect(
        handlers.openMessageThread({ data: { kind: 'project', objectId: 5, commentId: 12 }, sender }),
      ).rejects.toThrow('Untrusted sender');
      await expect(handlers.markAllMessagesRead({ data: { member: 'demo' }, sender })).rejects.toThrow(
        'Untrusted sender',
      );
      await expect(
        handlers.acceptCuratorInvite({ data: { member: 'demo', studioId: 30 }, sender }),
      ).rejects.toThrow('Untrusted sender');
    }
    expect(service.markAllRead).not.toHaveBeenCalled();
    expect(service.acceptCuratorInvite).not.toHaveBeenCalled();
    expect(service.reply).not.toHaveBeenCalled();
    expect(service.deleteComment).not.toHaveBeenCalled();
    expect(service.refresh).not.toHaveBeenCalled();
    expect(service.openThread).not.toHaveBeenCalled();
    expect(service.dismissAlert).not.toHaveBeenCalled();
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
    await expect(
      handlers.dismissTeamAlert({ data: { member: 'demo', kind: 'all', id: 4 } as never, sender: popup }),
    ).rejects.toThrow('Malformed');
    await expect(
      handlers.acceptCuratorInvite({ data: { member: 'demo', studioId: 'all' } as never, sender: popup }),
    ).rejects.toThrow('Malformed');
    expect(service.reply).not.toHaveBeenCalled();
    expect(service.dismissAlert).not.toHaveBeenCalled();
    expect(service.acceptCuratorInvite).not.toHaveBeenCalled();
  });
});
