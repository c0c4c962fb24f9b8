/**
 * The actions of a message notification, through the notifier as the background wires it, on the
 * fake browser: Chrome's buttons "Open" and "Mark all as read" (on the while-you-were-away
 * notification too), Firefox's click with the member's setting, and what a failure tells.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { siteProfiles } from '@/lib/config';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import {
  lastNotifiedMessageItem,
  messageCountItem,
  messageCountSettingsItem,
  messageNotifierSessionItem,
} from '@/lib/message-count/message-count-storage';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import { registerMessageCount } from './message-count-background';
import { MARK_READ_FAILED_ID } from './message-notification-actions';
import { pathOfNotification } from './message-notifications';

// The messaging library allows one handler per message in a context; the protocol is not tested here.
vi.mock('@/lib/protocol/checked-messages', () => ({ answerMessages: () => undefined }));

const START = Date.UTC(2026, 0, 1, 12, 0, 0);
const love = (id: number): Message => ({
  id,
  datetime_created: '2026-01-01T00:00:00.000Z',
  actor_id: 7,
  actor_username: `fan${id}`,
  type: 'loveproject',
  project_id: 1000 + id,
  title: `Game ${id}`,
});

type Listener<A extends unknown[]> = (...args: A) => void;
interface Shown {
  id: string;
  title: string;
  buttons?: { title: string }[];
}

/** The notifications API as a browser with the permission granted has it, recording what is shown. */
function fakeNotifications() {
  const shown: Shown[] = [];
  const cleared: string[] = [];
  const clicked: Listener<[string]>[] = [];
  const buttonClicked: Listener<[string, number]>[] = [];
  const event = <A extends unknown[]>(listeners: Listener<A>[]) => ({
    addListener: (listener: Listener<A>) => listeners.push(listener),
    hasListener: (listener: Listener<A>) => listeners.includes(listener),
  });
  (fakeBrowser as { notifications?: unknown }).notifications = {
    create: async (id: string, options: { title: string; buttons?: { title: string }[] }) => {
      shown.push({ id, title: options.title, ...(options.buttons ? { buttons: options.buttons } : {}) });
      return id;
    },
    clear: async (id: string) => {
      cleared.push(id);
      return true;
    },
    onClicked: event(clicked),
    onButtonClicked: event(buttonClicked),
  };
  return {
    shown,
    cleared,
    click: (id: string) => {
      for (const listener of clicked) listener(id);
    },
    clickButton: (id: string, index: number) => {
      for (const listener of buttonClicked) listener(id, index);
    },
  };
}

beforeEach(async () => {
  await signIn();
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
});
afterEach(() => {
  delete (fakeBrowser as { notifications?: unknown }).notifications;
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** The background's count and notifier: `inbox` newest first, the count its length. */
async function notifier(options: { buttons: boolean; markReadOnClick?: boolean; marked?: boolean }) {
  const world = { clock: START, inbox: [love(3), love(2), love(1)] };
  const notifications = fakeNotifications();
  const opened: string[] = [];
  vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation(async (props) => {
    opened.push(props.url ?? '');
    return {} as never;
  });
  const markAllRead = vi.fn(async (_username: string) => options.marked ?? true);
  await messageCountSettingsItem.setValue({
    ...defaultMessageCountSettings,
    notifications: true,
    ...(options.markReadOnClick === undefined ? {} : { markReadOnClick: options.markReadOnClick }),
  });
  await lastNotifiedMessageItem.setValue({ username: 'demo', id: 3 });
  // This browser session has had its first reading: arrivals are announced one by one.
  await messageNotifierSessionItem.setValue({ startedAt: START - 1 });
  const service = registerMessageCount({
    profile: siteProfiles.public,
    now: () => world.clock,
    activity: async () => 'watching',
    readCount: async () => world.inbox.length,
    latestMessages: async (_user, limit) => world.inbox.slice(0, limit),
    signedInUser: async () => 'demo',
    onSessionChanged: () => undefined,
    markAllRead,
    notificationButtons: options.buttons,
  });
  await vi.waitFor(async () => expect((await messageCountItem.getValue()).count).toBe(3), WAIT);
  /** A message arrives and the popup opens: the notifier announces it. */
  const arrive = async (message: Message) => {
    world.inbox.unshift(message);
    world.clock += 60_000;
    await service.refresh('popup');
    await vi.waitFor(() => expect(notifications.shown.at(-1)?.id).toContain(`|${message.id}|`), WAIT);
    return notifications.shown.at(-1) as Shown;
  };
  return { ...notifications, opened, markAllRead, arrive, world };
}

/** Past the click's own work (a read of the settings from the fake browser's storage, in memory). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const siteUrl = (id: string) => new URL(pathOfNotification(id) ?? '', siteProfiles.public.site).href;

describe('in Chrome: the buttons “Open” and “Mark all as read”', () => {
  it('a message notification has both; “Open” opens the message, “Mark all as read” marks read for its member', async () => {
    const { arrive, clickButton, opened, markAllRead, cleared } = await notifier({ buttons: true });
    const shown = await arrive(love(4));
    expect(shown.buttons).toEqual([{ title: 'Open' }, { title: 'Mark all as read' }]);

    clickButton(shown.id, 0);
    expect(opened).toEqual([siteUrl(shown.id)]);
    expect(opened[0]).toContain('/projects/1004/');
    expect(markAllRead).not.toHaveBeenCalled();

    clickButton(shown.id, 1);
    await vi.waitFor(() => expect(markAllRead).toHaveBeenCalledWith('demo'), WAIT);
    expect(markAllRead).toHaveBeenCalledTimes(1);
    expect(cleared).toContain(shown.id);
    // Marking read opens nothing.
    expect(opened).toHaveLength(1);
  });

  it('the while-you-were-away notification has the same buttons', async () => {
    const { arrive, clickButton, markAllRead, world } = await notifier({ buttons: true });
    // The computer slept: the next reading comes long after the last.
    world.clock += 2 * 60 * 60_000;
    world.inbox.unshift(love(4));
    const shown = await arrive(love(5));
    expect(shown.title).toContain('while you were away');
    expect(shown.buttons).toEqual([{ title: 'Open' }, { title: 'Mark all as read' }]);
    clickButton(shown.id, 1);
    await vi.waitFor(() => expect(markAllRead).toHaveBeenCalledWith('demo'), WAIT);
  });

  it('a click on the notification itself opens it and marks nothing read (the setting is off by default)', async () => {
    const { arrive, click, opened, markAllRead } = await notifier({ buttons: true });
    const shown = await arrive(love(4));
    click(shown.id);
    expect(opened).toEqual([siteUrl(shown.id)]);
    await settled();
    expect(markAllRead).not.toHaveBeenCalled();
  });

  it('a mark that fails is told in a notification of its own', async () => {
    const { arrive, clickButton, shown } = await notifier({ buttons: true, marked: false });
    const notification = await arrive(love(4));
    clickButton(notification.id, 1);
    await vi.waitFor(() => expect(shown.at(-1)?.id).toBe(MARK_READ_FAILED_ID), WAIT);
    expect(shown.at(-1)?.title).toBe('Messages not marked read');
  });
});

describe('in Firefox: no buttons, a click and the member’s setting', () => {
  it('shows no buttons; with the setting on, a click opens the message and marks everything read', async () => {
    const { arrive, click, opened, markAllRead } = await notifier({ buttons: false, markReadOnClick: true });
    const shown = await arrive(love(4));
    expect(shown.buttons).toBeUndefined();
    click(shown.id);
    expect(opened).toEqual([siteUrl(shown.id)]);
    await vi.waitFor(() => expect(markAllRead).toHaveBeenCalledWith('demo'), WAIT);
  });

  it('with the setting off (the default), a click only opens the message', async () => {
    const { arrive, click, opened, markAllRead } = await notifier({ buttons: false });
    const shown = await arrive(love(4));
    click(shown.id);
    expect(opened).toHaveLength(1);
    await settled();
    expect(markAllRead).not.toHaveBeenCalled();
  });
});
