/**
 * The site team's alerts and the invitation through the messages service: read with the list's
 * first page only (never with a next page, never alone on a fresh list), one read shared, kept beside
 * the member's messages; dismissed with the site's answer deciding, the count one lower only then.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { Network } from '@/lib/api/errors';
import { deferred } from '@/tests/unit/deferred';
import { setup } from './fake-messages-ports';
import { MESSAGES_FRESH_MS } from './messages-model';
import { ALERTS_SHARED_MS, MAX_ALERT_LENGTH } from './team-alerts';

afterEach(() => {
  fakeBrowser.reset();
});

const at = '2026-11-20T12:00:00.000Z';
const alert = (id: number, message = `<b>alert ${id}</b>`) => ({ id, datetime_created: at, message });

describe('the team’s alerts and the invitation', () => {
  it('are read with the list’s first page, kept beside it, and not with a fresh list or a next page', async () => {
    const { service, alertCalls, site, ports, tick } = setup();
    site.alerts = [alert(2), alert(1)];
    site.invite = { id: 7, datetime_created: at };
    await service.refresh();
    expect(alertCalls).toEqual(['alerts', 'invite']);
    expect(ports.cache.value).toMatchObject({
      demo: {
        list: { items: [{ id: 3 }, { id: 2 }, { id: 1 }] },
        alerts: { items: [{ id: 2 }, { id: 1 }], invite: { id: 7 }, error: null },
      },
    });
    // A fresh list is not read again: neither are they.
    await service.refresh();
    await service.loadMore();
    expect(alertCalls).toHaveLength(2);
    tick(MESSAGES_FRESH_MS);
    await service.refresh();
    expect(alertCalls).toHaveLength(4);
  });

  it('say how many of the count the list never holds, read once for a change of count', async () => {
    const { service, alertCalls, calls, site, ports, tick } = setup();
    site.alerts = [alert(2)];
    site.invite = { id: 7, datetime_created: at };
    tick(10_000);
    const readAfter = ports.now();
    expect(await service.unlisted('demo', readAfter)).toBe(2);
    // The count after mutes then asks for the messages: the alerts just read are shared.
    await service.newest('demo', 3, readAfter);
    expect(calls).toEqual(['messages@0']);
    expect(alertCalls).toEqual(['alerts', 'invite']);
    expect(await service.knownUnlisted('demo')).toBe(2);
    // A later change of count reads them again.
    tick(ALERTS_SHARED_MS + 1);
    site.invite = null;
    expect(await service.unlisted('demo', ports.now())).toBe(1);
    expect(alertCalls).toHaveLength(4);
    // Another member than the one signed in: nothing read, nothing known.
    expect(await service.unlisted('alice', ports.now())).toBeNull();
    expect(alertCalls).toHaveLength(4);
  });

  it('a failed read keeps the last ones with the error, and is no answer to how many', async () => {
    const { service, api, site, ports, tick } = setup();
    site.alerts = [alert(2)];
    await service.refresh();
    tick(MESSAGES_FRESH_MS);
    api.teamAlerts.mockRejectedValueOnce(new Network('offline'));
    await service.refresh({ force: true });
    expect(ports.cache.value).toMatchObject({
      demo: { alerts: { items: [{ id: 2 }], error: { kind: 'offline' } } },
    });
    expect(await service.knownUnlisted('demo')).toBe(1);
    api.teamAlerts.mockRejectedValueOnce(new Network('offline'));
    expect(await service.unlisted('demo', ports.now())).toBeNull();
  });

  it('one read at a time, shared by every caller', async () => {
    const { service, api, alertCalls, site, ports } = setup();
    site.alerts = [alert(1)];
    const gate = deferred<void>();
    api.teamAlerts.mockImplementationOnce(async () => {
      alertCalls.push('alerts');
      await gate.promise;
      return [alert(1)];
    });
    const asks = [
      service.unlisted('demo', ports.now()),
      service.unlisted('demo', ports.now()),
      service.refresh(),
    ];
    gate.resolve();
    const [first, second] = await Promise.all(asks);
    expect([first, second]).toEqual([1, 1]);
    expect(alertCalls.filter((c) => c === 'alerts')).toHaveLength(1);
  });

  it('keeps an alert’s HTML as the string sent, cut past its length cap, and at most 20 alerts', async () => {
    const { service, site, ports } = setup();
    site.alerts = Array.from({ length: 25 }, (_, i) => alert(100 - i, 'x'.repeat(MAX_ALERT_LENGTH + 10)));
    await service.refresh();
    const kept = (ports.cache.value as { demo: { alerts: { items: { message: string }[] } } }).demo.alerts
      .items;
    expect(kept).toHaveLength(20);
    expect(kept.every((a) => a.message.length === MAX_ALERT_LENGTH)).toBe(true);
  });
});

describe('dismissing', () => {
  it('sends the site’s request; on `success` the alert goes and the count is lowered once', async () => {
    const { service, alertCalls, site, ports, lowered } = setup();
    site.alerts = [alert(2), alert(1)];
    site.invite = { id: 7, datetime_created: at };
    await service.refresh();
    expect(await service.dismissAlert({ username: 'demo', kind: 'notification', id: 2 })).toEqual({
      ok: true,
    });
    expect(await service.dismissAlert({ username: 'demo', kind: 'invite', id: 7 })).toEqual({ ok: true });
    expect(alertCalls.slice(2)).toEqual(['dismiss notification 2', 'dismiss invite 7']);
    expect(ports.cache.value).toMatchObject({ demo: { alerts: { items: [{ id: 1 }], invite: null } } });
    expect(lowered).toEqual(['demo', 'demo']);
  });

  it('an answer without `success` or a failure says so and keeps the alert; the count stays', async () => {
    const { service, api, site, ports, lowered } = setup();
    site.alerts = [alert(2)];
    await service.refresh();
    expect(await service.dismissAlert({ username: 'demo', kind: 'notification', id: 99 })).toEqual({
      ok: false,
      kind: 'refused',
    });
    api.dismissAlert.mockRejectedValueOnce(new Network('offline'));
    expect(await service.dismissAlert({ username: 'demo', kind: 'notification', id: 2 })).toMatchObject({
      ok: false,
      kind: 'failed',
      error: { kind: 'offline' },
    });
    expect(ports.cache.value).toMatchObject({ demo: { alerts: { items: [{ id: 2 }] } } });
    expect(lowered).toEqual([]);
  });

  it('sends nothing for another member than the one signed in', async () => {
    const { service, alertCalls, signIn } = setup();
    signIn({ id: 9, username: 'other' });
    expect(await service.dismissAlert({ username: 'demo', kind: 'notification', id: 2 })).toEqual({
      ok: false,
      kind: 'other-member',
    });
    expect(alertCalls).toEqual([]);
  });
});
