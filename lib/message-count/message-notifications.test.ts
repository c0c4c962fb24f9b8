/**
 * Desktop notifications: only new messages, grouped, a few lines at most, the right page to open,
 * and no repeats after a restart (the last notified id lives in the fake browser's storage).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { lastNotifiedMessageItem } from '@/lib/storage';
import {
  createMessageNotifier,
  MAX_LINES_PER_NOTIFICATION,
  type NotificationContent,
  notificationFor,
  pathOfNotification,
} from './message-notifications';
import { describeMessage } from './message-text';

const base = { datetime_created: '2026-01-01T00:00:00.000Z', actor_id: 7 };
const love = (id: number, title = `Game ${id}`): Message => ({
  ...base,
  id,
  actor_username: `fan${id}`,
  type: 'loveproject',
  project_id: 1000 + id,
  title,
});
const comment = (id: number, commentType: 0 | 1 | 2 = 0, objectTitle = 'Maze <script>'): Message => ({
  ...base,
  id,
  actor_username: 'critic',
  type: 'addcomment',
  comment_type: commentType,
  comment_obj_id: 55,
  comment_obj_title: objectTitle,
  comment_id: 900 + id,
  comment_fragment: 'nice & fun',
});

let inbox: Message[];
let enabled: boolean;
let shown: { id: string; content: NotificationContent }[];
let reads: number;

function notifier() {
  return createMessageNotifier({
    enabled: async () => enabled,
    latestMessages: async (_user, limit) => {
      reads += 1;
      return inbox.slice(0, limit);
    },
    lastNotified: {
      get: () => lastNotifiedMessageItem.getValue(),
      set: (v) => lastNotifiedMessageItem.setValue(v),
    },
    show: async (id, content) => void shown.push({ id, content }),
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  inbox = [love(3), love(2), love(1)];
  enabled = true;
  shown = [];
  reads = 0;
});

/** Notifications were on before these messages arrived: nothing of theirs is seen yet. */
const notifiedUpTo = (id: number) => lastNotifiedMessageItem.setValue({ username: 'demo', id });

describe('message notifications', () => {
  it('are off by default: nothing is read or shown', async () => {
    enabled = false;
    await notifier().countChanged('demo', 0, 3);
    expect(reads).toBe(0);
    expect(shown).toEqual([]);
  });

  it('group the new messages in one notification that opens the messages page', async () => {
    await notifiedUpTo(0);
    await notifier().countChanged('demo', 0, 3);
    expect(shown).toHaveLength(1);
    const [first] = shown;
    expect(first?.content.title).toBe('3 new messages');
    expect(first?.content.message.split('\n')).toEqual([
      'fan3 loved your project “Game 3”',
      'fan2 loved your project “Game 2”',
      'fan1 loved your project “Game 1”',
    ]);
    expect(pathOfNotification(first?.id ?? '')).toBe('/messages/');
  });

  it('show a few lines at most, then how many more', () => {
    const content = notificationFor([5, 4, 3, 2, 1].map((id) => love(id)));
    expect(content.message.split('\n')).toHaveLength(MAX_LINES_PER_NOTIFICATION + 1);
    expect(content.message.split('\n').at(-1)).toBe('and 2 more');
  });

  it('a single message opens its own page; its text stays text', async () => {
    inbox = [comment(4), ...inbox];
    await lastNotifiedMessageItem.setValue({ username: 'demo', id: 3 });
    await notifier().countChanged('demo', 3, 4);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.content).toEqual({
      title: 'New message',
      message: 'critic commented on “Maze <script>”: “nice & fun”',
      path: '/projects/55/#comments-904',
    });
    expect(pathOfNotification(shown[0]?.id ?? '')).toBe('/projects/55/#comments-904');
  });

  it('never repeat, not after a restart: only messages newer than the last notified', async () => {
    await notifiedUpTo(0);
    await notifier().countChanged('demo', 0, 3);
    // A restarted worker (a new notifier, same storage) sees the same count again, then one more.
    await notifier().countChanged('demo', null, 3);
    expect(shown).toHaveLength(1);
    inbox = [love(4), ...inbox];
    await notifier().countChanged('demo', 3, 4);
    expect(shown).toHaveLength(2);
    expect(shown[1]?.content.message).toBe('fan4 loved your project “Game 4”');
  });

  it('do not announce what was unread before: the first reading with no record only records', async () => {
    // First reading after sign-in, with notifications on and no record: 3 old unread messages.
    await notifier().countChanged('demo', null, 3);
    expect(shown).toEqual([]);
    expect(await lastNotifiedMessageItem.getValue()).toEqual({ username: 'demo', id: 3 });
    inbox = [love(4), ...inbox];
    await notifier().countChanged('demo', 3, 4);
    expect(shown.map((n) => n.content.message)).toEqual(['fan4 loved your project “Game 4”']);
    // A different member signing in starts their own record, again without a notification.
    await notifier().countChanged('other', null, 4);
    expect(shown).toHaveLength(1);
  });

  it('turned on, count every message until then as seen', async () => {
    await notifiedUpTo(1);
    await notifier().markAllSeen('demo');
    expect(await lastNotifiedMessageItem.getValue()).toEqual({ username: 'demo', id: 3 });
    await notifier().countChanged('demo', 0, 3);
    expect(shown).toEqual([]);
  });

  it('stay quiet when the count goes down or nothing is unread', async () => {
    await notifier().countChanged('demo', 5, 3);
    await notifier().countChanged('demo', 3, 0);
    await notifier().countChanged(null, 0, 3);
    expect(reads).toBe(0);
    expect(shown).toEqual([]);
  });

  it('only the unread (newest `count`) messages are new', async () => {
    await notifiedUpTo(0);
    await notifier().countChanged('demo', 0, 1);
    expect(shown.map((n) => n.content.message)).toEqual(['fan3 loved your project “Game 3”']);
  });

  it('ignore ids that are not ours when a notification is clicked', () => {
    expect(pathOfNotification('something-else')).toBeNull();
  });

  it('word unknown kinds generically and keep every page on the site', () => {
    const other = { ...base, id: 9, actor_username: 'x', type: 'other', otherType: 'newthing' } as Message;
    expect(describeMessage(other)).toEqual({ text: 'x: a new newthing message', path: '/messages/' });
    const { path } = describeMessage(comment(5, 1, '//evil.example/x'));
    expect(path).toBe('/users/%2F%2Fevil.example%2Fx/#comments-905');
    expect(new URL(path, 'https://scratch.mit.edu').origin).toBe('https://scratch.mit.edu');
  });
});
