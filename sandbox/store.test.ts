import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from './hostile';
import type { World } from './model';
import {
  DEFAULT_SEED,
  DEMO_USERNAME,
  FOLLOWING_ACTIVITY_TYPES,
  generateWorld,
  MESSAGE_TYPES,
  SEEDED_ADMIN_MESSAGES,
} from './seed';
import { Store } from './store';

const DAY = 86_400_000;
const store = new Store();
const demo = store.getUser(DEMO_USERNAME);
if (!demo) throw new Error('the seed has no demo user');
/** A store of its own (its own clock) on the same seeded world: generating another takes a second. */
const localStore = () => new Store(DEFAULT_SEED, { seedNow: store.seedNow });

/** Every date of a world, in one order (the same for every world of a seed). */
function datesOf(world: World): string[] {
  const dates: string[] = [];
  for (const u of world.users) dates.push(u.joined);
  for (const p of world.projects) dates.push(p.created, p.modified, p.shared ?? p.created);
  for (const s of world.studios) dates.push(s.created, s.modified);
  for (const c of world.comments) dates.push(c.created, c.modified);
  for (const m of [...world.messages, ...world.adminMessages, ...world.activity]) dates.push(m.created);
  for (const map of [world.loves, world.favorites, world.following, world.studioFollowers])
    for (const list of map.values()) for (const mark of list) dates.push(mark.at);
  for (const list of world.studioProjects.values()) for (const entry of list) dates.push(entry.added);
  return dates;
}

/** The seed's world generated again, dated as the store's (shared by the tests that need it). */
let again: World | undefined;
const generatedAgain = () => {
  again ??= generateWorld(DEFAULT_SEED, store.seedNow);
  return again;
};

describe('the seeded world', () => {
  it('is large enough to page through', () => {
    expect(store.users().length).toBeGreaterThanOrEqual(500);
    expect(store.projects().length).toBeGreaterThanOrEqual(5000);
    expect(store.studios().length).toBeGreaterThanOrEqual(200);
    expect(store.projects().some((p) => !p.isShared)).toBe(true);
    expect(store.projects().some((p) => p.isShared && !p.commentsAllowed)).toBe(true);
    const busiest = Math.max(...store.projects().map((p) => store.topLevelComments('project', p.id).length));
    expect(busiest).toBeGreaterThan(100);
    const longestThread = Math.max(
      ...store
        .projects()
        .flatMap((p) => store.topLevelComments('project', p.id).map((c) => store.replyCount(c.id))),
    );
    expect(longestThread).toBeGreaterThan(40);
    expect(Math.max(...store.users().map((u) => store.sharedProjectsOf(u.id).length))).toBeGreaterThan(40);
  });

  it('gives the demo member more than a page of shared projects (pages of 40), and unshared ones', () => {
    expect(store.sharedProjectsOf(demo.id).length).toBeGreaterThan(40);
    expect(store.sharedProjectsOf(demo.id).length % 40).not.toBe(0);
    expect(store.allProjectsOf(demo.id).some((p) => !p.isShared)).toBe(true);
  });

  it('the demo member loved and favorited hundreds of projects, many of them among the most loved', () => {
    const shared = store.projects().filter((p) => p.isShared);
    const loved = shared.filter((p) => store.isLoved(p.id, demo.id));
    const favorited = store.favoritesOf(demo.id);
    expect(loved.length).toBeGreaterThan(400);
    // More than a page or two of favorites: the list pages by 40.
    expect(favorited.length).toBeGreaterThan(200);
    const mostLoved = shared
      .slice()
      .sort((a, b) => store.loveCount(b.id) - store.loveCount(a.id))
      .slice(0, 40);
    expect(mostLoved.filter((p) => store.isLoved(p.id, demo.id)).length).toBeGreaterThan(3);
    expect(mostLoved.filter((p) => store.isFavorited(p.id, demo.id)).length).toBeGreaterThan(1);
  });

  it('is the same world for the same seed, and another for another seed', () => {
    const again = generatedAgain();
    const other = generateWorld(7);
    const sample = (w: { users: unknown[]; projects: unknown[]; comments: unknown[]; messages: unknown[] }) =>
      JSON.stringify([
        w.users.slice(0, 50),
        w.projects.slice(0, 50),
        w.comments.slice(0, 50),
        w.messages.slice(0, 20),
      ]);
    expect(JSON.stringify(again.users.slice(0, 50))).toBe(JSON.stringify(store.users().slice(0, 50)));
    expect(JSON.stringify(again.projects.slice(0, 50))).toBe(JSON.stringify(store.projects().slice(0, 50)));
    const demoMessages = again.messages.filter((m) => m.recipientId === demo.id);
    expect(JSON.stringify(demoMessages)).toBe(JSON.stringify(store.messagesFor(DEMO_USERNAME).reverse()));
    expect(sample(other)).not.toBe(sample(again));
  });

  it('lies before the time it is dated from, and moves with it: every date alike, nothing else', () => {
    const shift = 3 * DAY + 1234;
    const here = generatedAgain();
    const later = generateWorld(DEFAULT_SEED, store.seedNow + shift);
    const dates = datesOf(here).map(Date.parse);
    expect(dates.length).toBeGreaterThan(250_000);
    expect(dates.filter((time) => !(time <= store.seedNow))).toEqual([]);
    // The newest of the seed is recent (the demo's messages, the activity of demo's followees).
    expect(Math.max(...here.messages.map((m) => Date.parse(m.created)))).toBeGreaterThan(store.seedNow - DAY);
    const moved = datesOf(later).map(Date.parse);
    expect(moved).toHaveLength(dates.length);
    const wrong = moved.filter((time, i) => time - (dates[i] as number) !== shift);
    expect(wrong).toEqual([]);
    // Without its dates, the same world.
    const undated = (world: World) =>
      JSON.stringify(
        [world.users, world.projects, world.comments.slice(0, 2000), world.messages],
        (key, value) => (['joined', 'created', 'modified', 'shared'].includes(key) ? undefined : value),
      );
    expect(undated(later)).toBe(undated(here));
  });

  it('gives the demo user unread messages of every kind a member can mute, from several people', () => {
    const unread = store.messagesFor(DEMO_USERNAME).filter((m) => m.unread);
    for (const type of MESSAGE_TYPES) expect(unread.map((m) => m.type)).toContain(type);
    expect(new Set(unread.map((m) => m.actorId)).size).toBeGreaterThan(5);
    // Comments by place (mutes tell project, profile and studio comments apart).
    const places = store.messagesFor(DEMO_USERNAME).filter((m) => m.type === 'addcomment');
    expect(new Set(places.map((m) => m.fields.comment_type))).toEqual(new Set([0, 1, 2]));
    // Opening the messages page leaves demo's count at the team's two alerts and the invitation.
    expect(store.adminMessagesFor(DEMO_USERNAME)).toHaveLength(2);
    expect(store.inviteFor(DEMO_USERNAME)).not.toBeNull();
  });

  it("seeds demo's alerts as the site writes them: HTML, one linking to the site, one with a link elsewhere, a script and a picture", () => {
    const [newest, oldest] = store.adminMessagesFor(DEMO_USERNAME).map((a) => a.message);
    expect(oldest).toMatch(/<a href="\/[^"]*">/);
    expect(newest).toMatch(/<a href="https:\/\/example\.com\//);
    expect(newest).toContain('<script>');
    expect(newest).toContain('<img ');
  });

  it('seeds alerts from the site team for a few users, counted but not listed', () => {
    for (const [username, texts] of Object.entries(SEEDED_ADMIN_MESSAGES)) {
      const alerts = store.adminMessagesFor(username);
      expect(alerts.map((a) => a.message).sort()).toEqual([...texts].sort());
      const listedUnread = store.messagesFor(username).filter((m) => m.unread).length;
      const invite = store.inviteFor(username) === null ? 0 : 1;
      expect(store.unreadCount(username)).toBe(listedUnread + texts.length + invite);
    }
  });

  it('gives the demo user unread messages of every type, a busy feed and projects with comments', () => {
    expect(store.unreadCount(DEMO_USERNAME)).toBeGreaterThan(0);
    const types = new Set(store.messagesFor(DEMO_USERNAME).map((m) => m.type));
    for (const type of MESSAGE_TYPES) expect(types).toContain(type);
    expect(store.followingOf(demo.id).length).toBeGreaterThan(40);
    expect(store.followersOf(demo.id).length).toBeGreaterThan(40);
    const feed = store.followingActivity(demo.id);
    expect(feed.length).toBeGreaterThan(100);
    expect(new Set(feed.map((e) => e.type))).toEqual(new Set(FOLLOWING_ACTIVITY_TYPES));
    const commented = store
      .sharedProjectsOf(demo.id)
      .filter((p) => store.topLevelComments('project', p.id).length > 0);
    expect(commented.length).toBeGreaterThan(0);
    expect(store.allProjectsOf(demo.id).some((p) => !p.isShared)).toBe(true);
  });

  it('carries hostile strings in titles, comments and bios, and a 5,000-character text', () => {
    const texts = [
      ...store.projects().map((p) => p.title),
      ...store.projects().map((p) => p.description),
      ...store.users().map((u) => u.bio),
      ...store.projects().flatMap((p) => store.topLevelComments('project', p.id).map((c) => c.content)),
    ];
    for (const hostile of HOSTILE_STRINGS) expect(texts.some((t) => t.includes(hostile))).toBe(true);
    expect(texts).toContain(LONG_HOSTILE_TEXT);
    expect(LONG_HOSTILE_TEXT).toHaveLength(5000);
  });
});

describe('shared projects newest first', () => {
  it('puts the latest shared first, the higher id first on a tie, and a project shared now ahead of all', () => {
    const local = localStore();
    const made = local.sharedProjectsOf(demo.id);
    const [oldest, second] = made;
    if (!oldest || !second) throw new Error('demo shares fewer than two projects');
    // Demo's two earliest projects, shared again at the same moment after every other one.
    const later = new Date(Date.parse(made.at(-1)?.shared ?? '') + 60_000).toISOString();
    oldest.shared = later;
    second.shared = later;
    expect(
      local
        .sharedProjectsNewestFirst(demo.id)
        .slice(0, 2)
        .map((p) => p.id),
    ).toEqual([second.id, oldest.id]);
    const { project } = local.shareProject({ author: DEMO_USERNAME });
    const listed = local.sharedProjectsNewestFirst(demo.id);
    expect(listed[0]?.id).toBe(project.id);
    expect(listed).toHaveLength(made.length + 1);
    // What the profile features when the member chose nothing: the latest shared.
    expect(local.featuredProjectOf(demo.id)?.id).toBe(project.id);
  });
});

describe('store writes', () => {
  it('alerts from the site team: counted, never listed, kept by the messages page, one fewer when dismissed', () => {
    const local = localStore();
    local.markMessagesRead(DEMO_USERNAME);
    expect(local.clearAlerts(DEMO_USERNAME)).toBe(3);
    const alert = local.addAdminMessage(DEMO_USERNAME, 'Hello from the team');
    local.addAdminMessage(DEMO_USERNAME, 'Another');
    expect(local.unreadCount(DEMO_USERNAME)).toBe(2);
    expect(local.messagesFor(DEMO_USERNAME).some((m) => m.id === alert.id)).toBe(false);
    expect(local.adminMessagesFor(DEMO_USERNAME).map((m) => m.message)).toEqual([
      'Another',
      'Hello from the team',
    ]);
    // Opening the messages page reads every message but the alerts.
    local.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    expect(local.unreadCount(DEMO_USERNAME)).toBe(3);
    local.markMessagesRead(DEMO_USERNAME);
    expect(local.unreadCount(DEMO_USERNAME)).toBe(2);
    // Only the recipient dismisses it, once.
    expect(local.dismissAdminMessage('alice', alert.id)).toBe(false);
    expect(local.dismissAdminMessage(DEMO_USERNAME, alert.id)).toBe(true);
    expect(local.dismissAdminMessage(DEMO_USERNAME, alert.id)).toBe(false);
    expect(local.unreadCount(DEMO_USERNAME)).toBe(1);
    local.reset();
    expect(local.adminMessagesFor(DEMO_USERNAME).length).toBe(SEEDED_ADMIN_MESSAGES[DEMO_USERNAME]?.length);
    expect(local.adminMessagesFor('bob').length).toBe(SEEDED_ADMIN_MESSAGES.bob?.length);
  });

  it('love, favorite, mark read and reset back to the seed', () => {
    const local = localStore();
    const project = local.projects().find((p) => p.isShared && !local.isLoved(p.id, demo.id));
    if (!project) throw new Error('no project to love');
    const loves = local.loveCount(project.id);
    expect(local.setLove(project.id, DEMO_USERNAME, true)).toBe(true);
    expect(local.setLove(project.id, DEMO_USERNAME, true)).toBe(false);
    expect(local.loveCount(project.id)).toBe(loves + 1);
    expect(local.followingUsersLoves(demo.id)).toBeDefined();
    expect(local.setFavorite(project.id, DEMO_USERNAME, true)).toBe(true);
    expect(local.favoritesOf(demo.id)[0]?.id).toBe(project.id);
    local.markMessagesRead(DEMO_USERNAME);
    local.clearAlerts(DEMO_USERNAME);
    expect(local.unreadCount(DEMO_USERNAME)).toBe(0);
    local.addMessage(DEMO_USERNAME, { type: 'followuser', actor: 'alice' });
    expect(local.unreadCount(DEMO_USERNAME)).toBe(1);
    const session = local.signIn(DEMO_USERNAME);
    expect(local.tokenUser(session.token)?.username).toBe(DEMO_USERNAME);

    local.reset();
    expect(local.loveCount(project.id)).toBe(loves);
    expect(local.isFavorited(project.id, demo.id)).toBe(false);
    expect(local.unreadCount(DEMO_USERNAME)).toBe(store.unreadCount(DEMO_USERNAME));
    expect(local.tokenUser(session.token)).toBeNull();
    expect(local.sessionUser(session.sessionId)).toBeNull();
  });

  it('finds users case-insensitively and keeps prototype-named users apart from Object properties', () => {
    expect(store.getUser('DEMO')?.username).toBe(DEMO_USERNAME);
    expect(store.getUser('__proto__')?.username).toBe('__proto__');
    expect(store.getUser('constructor')?.username).toBe('constructor');
    expect(store.getUser('hasOwnProperty')).toBeUndefined();
  });

  it('expires tokens but keeps the session, which gets a new token on the next read', () => {
    const local = localStore();
    const { sessionId, token } = local.signIn('alice');
    expect(local.expireTokens('alice')).toBe(1);
    expect(local.tokenUser(token)).toBeNull();
    expect(local.sessionUser(sessionId)?.username).toBe('alice');
    const fresh = local.sessionToken(sessionId);
    expect(fresh).not.toBe(token);
    expect(local.tokenUser(fresh ?? '')?.username).toBe('alice');
  });
});

describe('addCommentMessage', () => {
  it('words the message as the site does for a comment on a project, a profile and in a studio', () => {
    const local = localStore();
    const me = local.getUser(DEMO_USERNAME);
    const carol = local.getUser('carol');
    const project = local.sharedProjectsOf(me?.id ?? 0)[0];
    const studio = local.studios()[0];
    if (!me || !carol || !project || !studio)
      throw new Error('the seed lacks demo, carol, a project or a studio');
    const places = [
      { place: 'project', placeId: project.id, type: 0, title: project.title },
      { place: 'user', placeId: me.id, type: 1, title: DEMO_USERNAME },
      { place: 'studio', placeId: studio.id, type: 2, title: studio.title },
    ] as const;
    for (const { place, placeId, type, title } of places) {
      const comment = local.addComment({
        place,
        placeId,
        parentId: null,
        commenteeId: me.id,
        authorId: carol.id,
        content: `${'a long comment, '.repeat(5)}on a ${place}`,
      });
      const message = local.addCommentMessage(DEMO_USERNAME, comment);
      expect(message).toMatchObject({ type: 'addcomment', actorId: carol.id, unread: true });
      expect(message.fields).toEqual({
        comment_type: type,
        comment_obj_id: placeId,
        comment_obj_title: title,
        comment_id: comment.id,
        comment_fragment: comment.content.slice(0, 60),
        commentee_username: DEMO_USERNAME,
      });
      expect(local.messagesFor(DEMO_USERNAME)[0]).toBe(message);
    }
  });

  it('refuses a comment whose place is gone', () => {
    const local = localStore();
    const carol = local.getUser('carol');
    if (!carol) throw new Error('the seed has no carol');
    const comment = local.addComment({
      place: 'studio',
      placeId: 99_999_999,
      parentId: null,
      commenteeId: null,
      authorId: carol.id,
      content: 'hi',
    });
    expect(() => local.addCommentMessage(DEMO_USERNAME, comment)).toThrow(/no studio/);
  });
});
