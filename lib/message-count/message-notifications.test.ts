/**
 * Desktop notifications: only new messages, grouped, a few lines at most, the right page to open,
 * and no repeats after a restart (the last notified id lives in the fake browser's storage).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import {
  lastNotifiedMessageItem,
  messageCountSettingsItem,
  messageMutesItem,
  messageNotifierSessionItem,
} from '@/lib/message-count/message-count-storage';
import { mutesOf } from '@/lib/message-count/mutes-model';
import { signIn } from '@/tests/unit/signed-in-member';
import {
  AWAY_AFTER_MS,
  createMessageNotifier,
  MAX_LINES_PER_NOTIFICATION,
  memberOfNotification,
  type NotificationContent,
  notificationFor,
  notificationId,
  pathOfNotification,
  presenceOf,
} from './message-notifications';
import { describeMessage } from './message-text';
import { quietKindsOf } from './notification-kinds-model';

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
    mutes: async () => mutesOf(await messageMutesItem.getValue()),
    quietKinds: async () => quietKindsOf((await messageCountSettingsItem.getValue()).quietKinds),
    session: {
      get: () => messageNotifierSessionItem.getValue(),
      set: (v) => messageNotifierSessionItem.setValue(v),
    },
    show: async (id, content) => void shown.push({ id, content }),
    now: () => 1_000,
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  inbox = [love(3), love(2), love(1)];
  enabled = true;
  shown = [];
  reads = 0;
  await sessionUnderway();
  // What a member chooses is theirs: these tests choose as a member signed in.
  await signIn();
});

/** Notifications were on before these messages arrived: nothing of theirs is seen yet. */
const notifiedUpTo = (id: number) => lastNotifiedMessageItem.setValue({ username: 'demo', id });

/** This browser session already had a reading: arrivals are news of the present. */
const sessionUnderway = () => messageNotifierSessionItem.setValue({ startedAt: 1 });

/** A browser restart: `storage.session` is empty again, `storage.local` kept. */
const restartBrowser = () => browser.storage.session.clear();

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
    expect(memberOfNotification('something-else')).toBeNull();
  });

  it('name the member and the page in the id; one shown before ids named the member still opens', () => {
    const id = notificationId(904, '/projects/55/#comments-904', 'demo_2-b');
    expect(pathOfNotification(id)).toBe('/projects/55/#comments-904');
    expect(memberOfNotification(id)).toBe('demo_2-b');
    const before = 'companion-messages|904|/messages/';
    expect(pathOfNotification(before)).toBe('/messages/');
    expect(memberOfNotification(before)).toBeNull();
    expect(pathOfNotification('companion-messages|904|demo|https://evil.example/')).toBeNull();
  });

  it('word unknown kinds generically and keep every page on the site', () => {
    const other = { ...base, id: 9, actor_username: 'x', type: 'other', otherType: 'newthing' } as Message;
    expect(describeMessage(other)).toEqual({ text: 'x: a new newthing message', path: '/messages/' });
    const { path } = describeMessage(comment(5, 1, '//evil.example/x'));
    expect(path).toBe('/users/%2F%2Fevil.example%2Fx/#comments-905');
    expect(new URL(path, 'https://scratch.mit.edu').origin).toBe('https://scratch.mit.edu');
  });

  it('never announce muted messages; the count and lines are the unmuted ones', async () => {
    await notifiedUpTo(0);
    // Loves muted, and one person, named in another case than the site writes it.
    inbox = [comment(6), { ...comment(5), actor_username: 'Noisy' }, love(4), ...inbox];
    await messageMutesItem.setValue({ kinds: ['loveproject'], people: ['nOISY'] });
    await notifier().countChanged('demo', 0, 6);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.content.title).toBe('New message');
    expect(shown[0]?.content.message).toBe('critic commented on “Maze <script>”: “nice & fun”');
  });

  it('never announce the activity of a studio the member muted; another studio’s still', async () => {
    await notifiedUpTo(0);
    const activity = (id: number, studio: number): Message => ({
      ...base,
      id,
      actor_username: 'demo',
      type: 'studioactivity',
      gallery_id: studio,
      title: `Studio ${studio}`,
    });
    inbox = [activity(6, 50), activity(5, 60), activity(4, 50), ...inbox];
    await messageMutesItem.setValue({ kinds: [], people: [], studios: [{ id: 50, title: 'Studio 50' }] });
    await notifier().countChanged('demo', 0, 3);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.content.title).toBe('New message');
    expect(shown[0]?.content.message).toContain('Studio 60');
  });

  it('show nothing when every new message is muted, yet never announce them later', async () => {
    await notifiedUpTo(0);
    await messageMutesItem.setValue({ kinds: [], people: ['fan3', 'fan2', 'fan1'] });
    await notifier().countChanged('demo', 0, 3);
    expect(shown).toEqual([]);
    expect(await lastNotifiedMessageItem.getValue()).toEqual({ username: 'demo', id: 3 });
    // Unmuted later: the old messages stay old.
    await messageMutesItem.setValue({ kinds: [], people: [] });
    inbox = [love(4), ...inbox];
    await notifier().countChanged('demo', 3, 4);
    expect(shown.map((n) => n.content.message)).toEqual(['fan4 loved your project “Game 4”']);
  });

  it('leave out the kinds whose notification switch is off (comments by place)', async () => {
    await notifiedUpTo(0);
    inbox = [comment(6, 1), comment(5, 0), love(4), ...inbox];
    await messageCountSettingsItem.setValue({
      ...defaultMessageCountSettings,
      quietKinds: ['loveproject', 'addcomment:1'],
    });
    await notifier().countChanged('demo', 0, 6);
    expect(shown.map((n) => n.content.message)).toEqual([
      'critic commented on “Maze <script>”: “nice & fun”',
    ]);
    expect(shown[0]?.content.path).toBe('/projects/55/#comments-905');
    expect(await lastNotifiedMessageItem.getValue()).toEqual({ username: 'demo', id: 6 });
  });

  describe('while you were away', () => {
    it('after a browser restart, announce what came meanwhile in one grouped notification', async () => {
      await notifiedUpTo(3);
      await restartBrowser();
      inbox = [comment(8), love(7), comment(6), love(5), comment(4), ...inbox];
      await notifier().countChanged('demo', 3, 8);
      expect(shown).toHaveLength(1);
      expect(shown[0]?.content).toEqual({
        title: '5 new messages while you were away',
        message: '3 comments and 2 loves',
        path: '/messages/',
      });
      expect(pathOfNotification(shown[0]?.id ?? '')).toBe('/messages/');
    });

    it('name one kind alone, and count the kinds past three as "and N more"', async () => {
      await notifiedUpTo(3);
      await restartBrowser();
      inbox = [love(5), love(4), ...inbox];
      await notifier().countChanged('demo', 3, 5);
      expect(shown[0]?.content).toMatchObject({
        title: '2 new messages while you were away',
        message: '2 loves',
      });
      const follow = (id: number): Message => ({ ...base, id, actor_username: 'pal', type: 'followuser' });
      const forum = (id: number): Message => ({
        ...base,
        id,
        actor_username: 'mod',
        type: 'forumpost',
        topic_id: 1,
        topic_title: 'Help',
      });
      const studio = (id: number): Message =>
        ({ ...base, id, actor_username: 'x', type: 'studioactivity', gallery_id: 2, title: 'S' }) as Message;
      await restartBrowser();
      inbox = [
        comment(20),
        comment(19),
        comment(18),
        love(17),
        love(16),
        follow(15),
        follow(14),
        forum(13),
        studio(12),
        studio(11),
        ...inbox,
      ];
      await notifier().countChanged('demo', 5, 15);
      expect(shown[1]?.content).toMatchObject({
        title: '10 new messages while you were away',
        message: '3 comments, 2 loves, 2 followers, and 3 other messages',
      });
      const one = await (async () => {
        await restartBrowser();
        inbox = [forum(21), ...inbox];
        await notifier().countChanged('demo', 15, 16);
        return shown[2]?.content;
      })();
      expect(one).toMatchObject({ title: '1 new message while you were away', message: '1 forum post' });
    });

    it('never repeat: restart twice, one notification; nothing new, none', async () => {
      await notifiedUpTo(3);
      await restartBrowser();
      inbox = [love(5), love(4), ...inbox];
      await notifier().countChanged('demo', 3, 5);
      await restartBrowser();
      await notifier().countChanged('demo', 3, 5);
      await restartBrowser();
      await notifier().countChanged('demo', null, 5);
      expect(shown).toHaveLength(1);
      // Later in that session, an arrival is news of the present: today's notification.
      inbox = [love(6), ...inbox];
      await notifier().countChanged('demo', 5, 6);
      expect(shown.map((n) => n.content.title)).toEqual([
        '2 new messages while you were away',
        'New message',
      ]);
    });

    it('a restart with nothing new only notes the session: a later arrival is not "while you were away"', async () => {
      await notifiedUpTo(3);
      await restartBrowser();
      await notifier().countChanged('demo', 3, 3);
      expect(reads).toBe(0);
      inbox = [love(4), ...inbox];
      await notifier().countChanged('demo', 3, 4);
      expect(shown.map((n) => n.content.title)).toEqual(['New message']);
    });

    it('never announce on restart what was muted or already notified', async () => {
      await notifiedUpTo(4);
      inbox = [comment(6), love(5), love(4), ...inbox];
      await messageMutesItem.setValue({ kinds: ['addcomment:0'], people: [] });
      await restartBrowser();
      await notifier().countChanged('demo', 4, 6);
      expect(shown.map((n) => n.content)).toMatchObject([
        { title: '1 new message while you were away', message: '1 love' },
      ]);
    });

    it('a browser in the background keeps announcing arrivals as they come', async () => {
      await notifiedUpTo(3);
      inbox = [love(4), ...inbox];
      await notifier().countChanged('demo', 3, 4, 'here');
      inbox = [comment(5), ...inbox];
      await notifier().countChanged('demo', 4, 5, 'here');
      expect(shown.map((n) => n.content.title)).toEqual(['New message', 'New message']);
    });

    it('the first reading after a long gap (the computer asleep): one grouped notification', async () => {
      await notifiedUpTo(3);
      inbox = [comment(5), love(4), ...inbox];
      await notifier().countChanged('demo', 3, 5, 'back');
      expect(shown.map((n) => n.content)).toMatchObject([
        { title: '2 new messages while you were away', message: '1 comment and 1 love' },
      ]);
      // Never repeated: the same count again, or the next gap with nothing new, shows nothing.
      await notifier().countChanged('demo', 5, 5, 'back');
      await notifier().countChanged('demo', 3, 5, 'back');
      expect(shown).toHaveLength(1);
    });

    it('a gap of half an hour or more between readings is an absence; shorter is not', () => {
      const at = (readAt: number) => ({ readAt });
      const now = 10 * AWAY_AFTER_MS;
      expect(presenceOf(undefined, at(now))).toBe('here');
      // Never read before (a new sign-in): no absence to speak of.
      expect(presenceOf(at(0), at(now))).toBe('here');
      expect(presenceOf(at(now - AWAY_AFTER_MS + 1), at(now))).toBe('here');
      expect(presenceOf(at(now - AWAY_AFTER_MS), at(now))).toBe('back');
      // A write that is not a new reading (the same readAt) is no return.
      expect(presenceOf(at(now), at(now))).toBe('here');
    });
  });
});
