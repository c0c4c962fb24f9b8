/**
 * The member's writes on the site through the messages service: marking everything read and
 * accepting a curator invitation, each sent only for the member signed in, the site's answer
 * deciding what changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { Forbidden, Network } from '@/lib/api/errors';
import type { Message } from '@/lib/api/schemas';
import { setup } from './fake-messages-ports';
import { MAX_ACCEPTED_INVITES } from './site-actions-model';

afterEach(() => {
  fakeBrowser.reset();
});

const invitation = (id: number, studioId: number): Message => ({
  id,
  type: 'curatorinvite',
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: 'alice',
  actor_id: 2,
  gallery_id: studioId,
  title: `Studio ${studioId}`,
});

describe('mark all as read', () => {
  it('sends the site’s request once; on its yes the message count hears of it', async () => {
    const { service, alertCalls, markedRead } = setup();
    expect(await service.markAllRead({ username: 'demo' })).toEqual({ ok: true });
    expect(alertCalls).toEqual(['mark all read']);
    expect(markedRead).toEqual(['demo']);
  });

  it('a refusal or a failure says so, and the count hears nothing: the unread stay unread', async () => {
    const { service, api, markedRead } = setup();
    api.markAllRead.mockResolvedValueOnce(false);
    expect(await service.markAllRead({ username: 'demo' })).toEqual({ ok: false, kind: 'refused' });
    api.markAllRead.mockRejectedValueOnce(new Forbidden('Not allowed.', { status: 403 }));
    expect(await service.markAllRead({ username: 'demo' })).toMatchObject({
      ok: false,
      kind: 'failed',
      error: { kind: 'unknown', status: 403 },
    });
    expect(markedRead).toEqual([]);
  });

  it('sends nothing for another member than the one signed in', async () => {
    const { service, api, markedRead, signIn } = setup();
    expect(await service.markAllRead({ username: 'mallory' })).toEqual({ ok: false, kind: 'other-member' });
    signIn(null);
    expect(await service.markAllRead({ username: 'demo' })).toEqual({ ok: false, kind: 'other-member' });
    expect(api.markAllRead).not.toHaveBeenCalled();
    expect(markedRead).toEqual([]);
  });
});

describe('accepting a curator invitation', () => {
  const withInvitations = async (...messages: Message[]) => {
    const context = setup();
    context.api.messagesPage.mockResolvedValue({ items: messages, received: messages.length });
    await context.service.refresh();
    return context;
  };

  it('sends the site’s request for a studio the member’s invitation names, and keeps it accepted', async () => {
    const { service, api, ports } = await withInvitations(invitation(5, 30), invitation(4, 31));
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 30 })).toEqual({ ok: true });
    expect(api.acceptCuratorInvite).toHaveBeenCalledWith(30, 'demo');
    expect(ports.cache.value).toMatchObject({
      demo: { acceptedInvites: [30], list: { items: [{ id: 5 }, { id: 4 }] } },
    });
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 31 })).toEqual({ ok: true });
    expect(ports.cache.value).toMatchObject({ demo: { acceptedInvites: [31, 30] } });
  });

  it('an invitation no longer valid (no `success`) or a failure says so and keeps nothing', async () => {
    const { service, api, ports } = await withInvitations(invitation(5, 30));
    api.acceptCuratorInvite.mockResolvedValueOnce(false);
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 30 })).toEqual({
      ok: false,
      kind: 'refused',
    });
    api.acceptCuratorInvite.mockRejectedValueOnce(new Network('offline'));
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 30 })).toMatchObject({
      ok: false,
      kind: 'failed',
      error: { kind: 'offline' },
    });
    expect(
      (ports.cache.value as { demo: { acceptedInvites?: number[] } }).demo.acceptedInvites,
    ).toBeUndefined();
  });

  it('sends nothing for a studio no invitation names, nor for another member', async () => {
    const { service, api, signIn } = await withInvitations(invitation(5, 30));
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 99 })).toEqual({
      ok: false,
      kind: 'refused',
    });
    signIn({ id: 9, username: 'mallory' });
    expect(await service.acceptCuratorInvite({ username: 'demo', studioId: 30 })).toEqual({
      ok: false,
      kind: 'other-member',
    });
    expect(api.acceptCuratorInvite).not.toHaveBeenCalled();
  });

  it('keeps the newest accepted ones only', async () => {
    const studios = Array.from({ length: MAX_ACCEPTED_INVITES + 3 }, (_, i) => 100 + i);
    const { service, ports } = await withInvitations(
      ...studios.map((studio, i) => invitation(500 - i, studio)),
    );
    for (const studioId of studios) await service.acceptCuratorInvite({ username: 'demo', studioId });
    const kept = (ports.cache.value as { demo: { acceptedInvites: number[] } }).demo.acceptedInvites;
    expect(kept).toEqual(studios.slice(-MAX_ACCEPTED_INVITES).reverse());
  });
});
