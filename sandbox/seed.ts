/**
 * The deterministic world generator. Same seed, same world: ids, names, texts, and dates at the same
 * distances before the time the world is dated from (the sandbox clock's start). Sized for paging
 * (users with more than 40 projects, projects with more than 100 comments, threads with more than 40
 * replies) and salted with hostile strings everywhere remote text shows up.
 */
import { faker } from '@faker-js/faker/locale/en';
import { compareIso } from './dates';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from './hostile';
import type {
  ActivityEvent,
  AdminMessage,
  Comment,
  EventFields,
  Id,
  Mark,
  Message,
  Project,
  ScratcherInvite,
  Studio,
  StudioProject,
  User,
  World,
} from './model';
import { Random } from './random';

export const DEFAULT_SEED = 20261122;
export const DEMO_USERNAME = 'demo';
/** Explore tags of the live site (besides `*`, all). */
export const EXPLORE_TAGS = ['animations', 'art', 'games', 'music', 'stories', 'tutorials'] as const;
const OTHER_LANGUAGES = ['es', 'fr', 'de', 'ja', 'pt', 'zh-cn', 'ar', 'he', 'ko', 'tr'];

export const ID_BASE = {
  user: 5_000_000,
  project: 800_000_000,
  studio: 30_000_000,
  comment: 400_000_000,
  message: 900_000_000,
  adminMessage: 950_000_000,
  invite: 970_000_000,
  activity: 1_200_000_000,
} as const;

export const SEED_SIZES = { users: 520, projects: 5000, studios: 200 } as const;

/** Named users tests and the demo can rely on (besides `demo`). */
export const NAMED_USERS = [
  DEMO_USERNAME,
  'alice',
  'bob',
  'carol',
  'mallory',
  '__proto__',
  'constructor',
  'quiet_user',
  'new-scratcher',
  'ScratchTeamMember',
] as const;

export const MESSAGE_TYPES = [
  'followuser',
  'loveproject',
  'favoriteproject',
  'remixproject',
  'addcomment',
  'curatorinvite',
  'becomeownerstudio',
  'becomehoststudio',
  'studioactivity',
  'forumpost',
  'userjoin',
  /** Not a live type: the extension must render unknown types generically. */
  'sandboxunknownmessage',
] as const;

/**
 * The activity events the seed makes. What's Happening sends only `FOLLOWING_ACTIVITY_TYPES` of
 * them; `addprojecttostudio` events belong to a studio's own activity (`STUDIO_ACTIVITY_TYPES`).
 */
export const ACTIVITY_TYPES = [
  'followuser',
  'followstudio',
  'loveproject',
  'favoriteproject',
  'remixproject',
  'becomecurator',
  'becomeownerstudio',
  'shareproject',
  'addprojecttostudio',
  /** Not a live type. */
  'sandboxunknownactivity',
] as const;

/**
 * What's Happening: the eight event types the site renders there (scratch-www
 * src/views/splash/presentation.jsx), and the sandbox's unknown type, which stands for any type the
 * service may add (the site renders nothing for it; Companion must cope with it).
 */
export const FOLLOWING_ACTIVITY_TYPES = [
  'followuser',
  'followstudio',
  'loveproject',
  'favoriteproject',
  'remixproject',
  'becomecurator',
  'becomeownerstudio',
  'shareproject',
  'sandboxunknownactivity',
] as const;

/**
 * A studio's own activity (`/studios/<id>/activity`, scratch-www src/views/studio/studio-activity.jsx):
 * the seeded events of these types that name the studio.
 */
export const STUDIO_ACTIVITY_TYPES = ['addprojecttostudio', 'becomecurator', 'becomeownerstudio'] as const;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Usernames on the live site: letters, digits, `-` and `_`, 3 to 20 characters. */
function toUsername(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 20);
  return name.length >= 3 ? name : `${name}___`.slice(0, 3);
}

/**
 * The site team's alerts seeded per user. Their `message` is HTML, as the live site's are (its
 * messages page inserts it as HTML: scratch-www src/views/messages/message-rows/admin-message.jsx).
 * demo's two: one with a link to a page of the site (a relative link, as the team writes them: it
 * is the site's in every build), one with a link elsewhere, a script and a picture, none of which
 * may reach a member through Companion. Fixed, so the rest of the seed's random sequence is
 * untouched; demo's come last, so the others keep their ids.
 */
export const SEEDED_ADMIN_MESSAGES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  bob: [
    'Your project was shared to the front page. Well done!',
    'Please remember to be kind in the comments.',
  ],
  carol: ['A comment of yours was removed because it broke the community guidelines.'],
  'new-scratcher': ['Welcome to the community! Start by making a project and sharing it.'],
  [DEMO_USERNAME]: [
    'Thanks for sharing! Please read the <a href="/community_guidelines/">Community Guidelines</a> before your next project.',
    'Your account is safe. <a href="https://example.com/claim-prize">Claim your prize</a><script>alert("alert")</script><img src="https://example.com/tracker.png" onerror="alert(1)"> &amp; have fun.',
  ],
});

/** Users seeded with a pending Scratcher invitation (scratcher-invite.jsx). */
export const SEEDED_INVITES: readonly string[] = Object.freeze([DEMO_USERNAME]);

function seedAdminMessages(users: readonly User[], now: number): AdminMessage[] {
  const admin: AdminMessage[] = [];
  let id = ID_BASE.adminMessage + 1;
  for (const [username, texts] of Object.entries(SEEDED_ADMIN_MESSAGES)) {
    const user = users.find((u) => u.username === username);
    if (user === undefined) continue;
    for (const [k, message] of texts.entries())
      admin.push({
        id: id++,
        recipientId: user.id,
        message,
        created: iso(now - (k + 1) * 5 * 3600_000),
      });
  }
  return admin;
}

function seedInvites(users: readonly User[], now: number): ScratcherInvite[] {
  const team = users.find((u) => u.username === 'ScratchTeamMember');
  return SEEDED_INVITES.flatMap((username, k) => {
    const user = users.find((u) => u.username === username);
    if (user === undefined || team === undefined) return [];
    return [
      {
        id: ID_BASE.invite + 1 + k,
        recipientId: user.id,
        actorId: team.id,
        created: iso(now - 26 * 3600_000),
      },
    ];
  });
}

/**
 * The world of `seed`, dated from `now` (ms since the epoch; the sandbox's clock start): every
 * seeded date lies before it, at the same distance from it whatever `now` is.
 */
export function generateWorld(seed: number = DEFAULT_SEED, now: number = Date.now()): World {
  const rng = new Random(seed);
  faker.seed(seed);

  const sentences = Array.from({ length: 600 }, () => faker.lorem.sentence({ min: 3, max: 16 }));
  const hostileOr = (text: string, probability: number) =>
    rng.chance(probability) ? `${rng.pick(HOSTILE_STRINGS)} ${text}` : text;
  const someSentences = (min: number, max: number) =>
    Array.from({ length: rng.int(min, max) }, () => rng.pick(sentences)).join(' ');
  const dateBetween = (from: number, to: number) => from + Math.floor(rng.next() * Math.max(0, to - from));

  // Users
  const users: User[] = [];
  const taken = new Set<string>();
  const addUser = (username: string) => {
    taken.add(username.toLowerCase());
    const id = ID_BASE.user + users.length + 1;
    users.push({
      id,
      username,
      scratchteam: username === 'ScratchTeamMember',
      joined: iso(dateBetween(now - 12 * 365 * DAY, now - 30 * DAY)),
      status: hostileOr(someSentences(1, 2), 0.12),
      bio: hostileOr(someSentences(1, 3), 0.12),
      country: faker.location.country(),
      email: `${username.toLowerCase()}@example.invalid`,
      banned: false,
      newScratcher: username === 'new-scratcher',
    });
  };
  for (const name of NAMED_USERS) addUser(name);
  while (users.length < SEED_SIZES.users) {
    let name = toUsername(faker.internet.username());
    while (taken.has(name.toLowerCase())) name = toUsername(`${name.slice(0, 16)}${rng.int(0, 999)}`);
    addUser(name);
  }
  const userAt = (index: number) => users[index] as User;
  const demo = userAt(0);
  const mallory = users.find((u) => u.username === 'mallory') as User;
  mallory.bio = LONG_HOSTILE_TEXT;
  mallory.status = HOSTILE_STRINGS[0] as string;
  const quietUser = users.find((u) => u.username === 'quiet_user') as User;
  // Skewed towards the first users, so some users have many projects (paging) and many have few.
  const activeUsers = users.filter((u) => u !== quietUser);
  const userById = new Map(users.map((u) => [u.id, u]));
  // Demo's own numbers are set on purpose below, so the skewed pick leaves demo out.
  const otherUsers = activeUsers.filter((u) => u !== demo);
  const skewedUser = () =>
    otherUsers[Math.floor(rng.next() ** 2.2 * otherUsers.length)] ?? (otherUsers[0] as User);

  // Projects: ids ascend with their creation date, as on the live site.
  const projects: Project[] = [];
  const start = now - 8 * 365 * DAY;
  const span = now - 2 * DAY - start;
  for (let i = 0; i < SEED_SIZES.projects; i++) {
    const id = ID_BASE.project + i + 1;
    const picked = i % 200 === 7 ? demo : skewedUser();
    // Demo also made one project in a hundred more: 75 in all, more than a page of shared ones (the
    // interface pages by 40), as a member who has been sharing for years has. Chosen after the draws
    // above and below, so every other value of the world stays as it was.
    const author = i % 100 === 57 ? demo : picked;
    const created = start + Math.floor((i / SEED_SIZES.projects) * span) + rng.int(0, 3600_000);
    // Demo keeps a few unshared projects of its own; others ~8% (as do demo's later ones).
    const isShared = picked === demo ? i % 1000 !== 7 : rng.chance(0.92);
    // Shared before `now` (the newest a minute before it), so a project a test shares is the newest.
    const shared = isShared ? Math.min(created + rng.int(0, 3 * DAY), now - 60_000) : null;
    const remixOf = i > 50 && rng.chance(0.15) ? projects[rng.int(0, i - 1)] : undefined;
    let title = faker.word.words({ count: { min: 1, max: 4 } });
    title = title.charAt(0).toUpperCase() + title.slice(1);
    if (remixOf) title = `${remixOf.title.slice(0, 60)} remix`;
    projects.push({
      id,
      title: hostileOr(title, 0.08),
      description: i % 997 === 3 ? LONG_HOSTILE_TEXT : hostileOr(someSentences(0, 4), 0.06),
      instructions: hostileOr(someSentences(0, 3), 0.05),
      authorId: author.id,
      isShared,
      commentsAllowed: picked === demo ? true : rng.chance(0.95),
      created: iso(created),
      modified: iso(Math.min(now, (shared ?? created) + rng.int(0, 30 * DAY))),
      shared: shared === null ? null : iso(shared),
      views: Math.floor(rng.next() ** 3 * 50_000),
      remixParent: remixOf ? remixOf.id : null,
      remixRoot: remixOf ? (remixOf.remixRoot ?? remixOf.id) : null,
      tags: rng.sample(EXPLORE_TAGS, rng.int(1, 2)),
      language: rng.chance(0.7) ? 'en' : rng.pick(OTHER_LANGUAGES),
    });
  }
  const sharedProjects = projects.filter((p) => p.isShared);
  const demoProjects = projects.filter((p) => p.authorId === demo.id && p.isShared);
  const sharedAt = (p: Project) => Date.parse(p.shared ?? p.created);

  // Loves and favorites: consecutive runs of users from a random start (distinct without a set).
  const loves = new Map<Id, Mark[]>();
  const favorites = new Map<Id, Mark[]>();
  const marksFrom = (project: Project, count: number): Mark[] => {
    const first = rng.int(0, users.length - 1);
    const from = sharedAt(project);
    // Sorting numbers, then formatting, is several times faster than sorting ISO strings.
    const times = Array.from({ length: count }, () => dateBetween(from, now)).sort((a, b) => a - b);
    return times.map((time, k) => ({ userId: userAt((first + k) % users.length).id, at: iso(time) }));
  };
  for (const project of sharedProjects) {
    const loveCount = Math.floor(rng.next() ** 5 * 150);
    loves.set(project.id, marksFrom(project, loveCount));
    favorites.set(project.id, marksFrom(project, Math.floor(loveCount * rng.next() * 0.6)));
  }
  const addMark = (map: Map<Id, Mark[]>, project: Project, userId: Id) => {
    const marks = map.get(project.id) ?? [];
    if (!marks.some((m) => m.userId === userId)) {
      marks.push({ userId, at: iso(dateBetween(sharedAt(project), now)) });
      marks.sort((a, b) => compareIso(a.at, b.at));
    }
    map.set(project.id, marks);
  };
  for (const project of rng.sample(sharedProjects, 30)) addMark(loves, project, demo.id);
  for (const project of rng.sample(sharedProjects, 45)) addMark(favorites, project, demo.id);

  // Follows: demo follows many; many follow demo (both lists need paging).
  const following = new Map<Id, Mark[]>();
  for (const user of users) {
    if (user === quietUser) continue;
    const count = user === demo ? 80 : Math.floor(rng.next() ** 2 * 25);
    const followees = rng.sample(activeUsers, count + 1).filter((u) => u !== user);
    const marks = followees
      .slice(0, count)
      .map((u) => ({ userId: u.id, at: iso(dateBetween(Date.parse(user.joined), now)) }));
    following.set(user.id, marks);
  }
  // Demo follows the users whose names trip code that keys objects by username (`__proto__`,
  // `constructor`) and the one with hostile texts, so their events reach demo's feeds.
  const demoFollows = following.get(demo.id) ?? [];
  for (const name of ['__proto__', 'constructor', 'mallory']) {
    const followee = users.find((u) => u.username === name) as User;
    if (!demoFollows.some((m) => m.userId === followee.id))
      demoFollows.push({ userId: followee.id, at: iso(now - 3 * DAY) });
  }
  following.set(demo.id, demoFollows);
  for (const follower of users.slice(20, 80)) {
    const marks = following.get(follower.id) ?? [];
    if (!marks.some((m) => m.userId === demo.id)) marks.push({ userId: demo.id, at: iso(now - 5 * DAY) });
    following.set(follower.id, marks);
  }

  // Studios
  const studios: Studio[] = [];
  const studioProjects = new Map<Id, StudioProject[]>();
  const studioCurators = new Map<Id, Id[]>();
  const studioManagers = new Map<Id, Id[]>();
  const studioFollowers = new Map<Id, Mark[]>();
  for (let i = 0; i < SEED_SIZES.studios; i++) {
    const id = ID_BASE.studio + i + 1;
    const host = i % 60 === 5 ? demo : skewedUser();
    const created = dateBetween(start, now - 10 * DAY);
    studios.push({
      id,
      title: hostileOr(i === 0 ? 'Design Studio' : faker.word.words({ count: { min: 1, max: 5 } }), 0.08),
      description: hostileOr(someSentences(1, 5), 0.08),
      hostId: host.id,
      openToAll: rng.chance(0.3),
      commentsAllowed: rng.chance(0.9),
      created: iso(created),
      modified: iso(dateBetween(created, now)),
    });
    const curators = rng.sample(users, rng.int(1, 15)).filter((u) => u !== host);
    studioCurators.set(id, [host.id, ...curators.map((u) => u.id)]);
    studioManagers.set(id, [host.id, ...curators.slice(0, rng.int(0, 3)).map((u) => u.id)]);
    const added = rng.sample(sharedProjects, i === 0 ? 120 : rng.int(5, 60));
    studioProjects.set(
      id,
      added
        .map((p) => ({
          projectId: p.id,
          actorId: host.id,
          added: iso(dateBetween(Math.max(created, sharedAt(p)), now)),
        }))
        .sort((a, b) => compareIso(a.added, b.added)),
    );
    const followers = rng.sample(users, rng.int(0, 80));
    if (i % 20 === 0 && !followers.includes(demo)) followers.push(demo);
    studioFollowers.set(
      id,
      followers.map((u) => ({ userId: u.id, at: iso(dateBetween(created, now)) })),
    );
  }

  // Comments: most places have a few, some more than 100, some threads more than 40 replies.
  const comments: Comment[] = [];
  let nextCommentId = ID_BASE.comment + 1;
  const commentText = () => (rng.chance(0.06) ? rng.pick(HOSTILE_STRINGS) : rng.pick(sentences));
  const busyProjects = new Set<Id>([
    ...demoProjects.slice(0, 3).map((p) => p.id),
    ...rng.sample(sharedProjects, 12).map((p) => p.id),
  ]);
  const longThreadPlaces = new Set<Id>([
    ...demoProjects.slice(0, 2).map((p) => p.id),
    ...rng.sample(sharedProjects, 10).map((p) => p.id),
  ]);
  const addThreads = (
    place: Comment['place'],
    placeId: Id,
    ownerId: Id,
    from: number,
    topCount: number,
    longThread: boolean,
  ) => {
    let at = from;
    const step = Math.max(60_000, Math.floor((now - from) / (topCount + 1)));
    for (let t = 0; t < topCount; t++) {
      at = Math.min(now - 1000, at + rng.int(1000, step));
      const author = t % 7 === 3 ? userAt(0) : skewedUser();
      const created = iso(at);
      const top: Comment = {
        id: nextCommentId++,
        place,
        placeId,
        parentId: null,
        commenteeId: null,
        authorId: author.id,
        content: commentText(),
        created,
        modified: created,
        visibility: 'visible',
      };
      comments.push(top);
      const r = rng.next();
      const replies =
        longThread && t === 0 ? rng.int(41, 70) : r < 0.7 ? 0 : r < 0.95 ? rng.int(1, 5) : rng.int(6, 15);
      let replyAt = at;
      for (let k = 0; k < replies; k++) {
        replyAt = Math.min(now - 500, replyAt + rng.int(1000, 6 * 3600_000));
        const replier = k % 2 === 0 ? (userById.get(ownerId) ?? skewedUser()) : skewedUser();
        const commentee = k % 2 === 0 ? author : replier;
        comments.push({
          id: nextCommentId++,
          place,
          placeId,
          parentId: top.id,
          commenteeId: commentee.id,
          authorId: replier.id,
          content: `@${commentee.username} ${commentText()}`,
          created: iso(replyAt),
          modified: iso(replyAt),
          visibility: 'visible',
        });
      }
    }
  };
  for (const project of sharedProjects) {
    if (!project.commentsAllowed) continue;
    const r = rng.next();
    const count = busyProjects.has(project.id)
      ? rng.int(101, 150)
      : r < 0.5
        ? 0
        : r < 0.8
          ? rng.int(1, 4)
          : r < 0.97
            ? rng.int(5, 20)
            : rng.int(21, 40);
    addThreads(
      'project',
      project.id,
      project.authorId,
      sharedAt(project),
      count,
      longThreadPlaces.has(project.id),
    );
  }
  for (const [index, studio] of studios.entries()) {
    if (!studio.commentsAllowed) continue;
    const count = index % 40 === 1 ? rng.int(101, 130) : rng.int(0, 30);
    addThreads('studio', studio.id, studio.hostId, Date.parse(studio.created), count, index % 40 === 1);
  }
  addThreads('user', demo.id, demo.id, now - 90 * DAY, 12, false);

  // Messages: demo has all types (and an unknown one), the newest 30 unread; others have some.
  const messages: Message[] = [];
  let nextMessageId = ID_BASE.message + 1;
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const sharedByAuthor = new Map<Id, Project[]>();
  for (const p of sharedProjects)
    sharedByAuthor.set(p.authorId, [...(sharedByAuthor.get(p.authorId) ?? []), p]);
  const messageFields = (type: string, recipient: User, actor: User): EventFields => {
    const own = sharedByAuthor.get(recipient.id) ?? [];
    const project = own.length > 0 ? rng.pick(own) : rng.pick(sharedProjects);
    const studio = rng.pick(studios);
    switch (type) {
      case 'followuser':
        return { followed_user_id: recipient.id, followed_username: recipient.username };
      case 'loveproject':
        return { project_id: project.id, title: project.title };
      case 'favoriteproject':
        return { project_id: project.id, project_title: project.title };
      case 'remixproject': {
        const remix = rng.pick(sharedProjects);
        return {
          project_id: remix.id,
          title: remix.title,
          parent_id: project.id,
          parent_title: project.title,
        };
      }
      case 'addcomment': {
        const commentType = rng.int(0, 2);
        const objId = commentType === 0 ? project.id : commentType === 1 ? recipient.id : studio.id;
        const objTitle =
          commentType === 0 ? project.title : commentType === 1 ? recipient.username : studio.title;
        return {
          comment_type: commentType,
          comment_obj_id: objId,
          comment_obj_title: objTitle,
          comment_id: ID_BASE.comment + rng.int(1, 20000),
          comment_fragment: commentText().slice(0, 60),
          commentee_username: recipient.username,
        };
      }
      case 'curatorinvite':
        return { gallery_id: studio.id, title: studio.title, actor_username: actor.username };
      case 'becomeownerstudio':
        return {
          gallery_id: studio.id,
          gallery_title: studio.title,
          recipient_id: recipient.id,
          recipient_username: recipient.username,
        };
      case 'becomehoststudio':
        return {
          gallery_id: studio.id,
          gallery_title: studio.title,
          former_host_username: actor.username,
          recipient_username: recipient.username,
          admin_actor: 0,
        };
      case 'studioactivity':
        return { gallery_id: studio.id, title: studio.title };
      case 'forumpost':
        return { topic_id: rng.int(1000, 700_000), topic_title: hostileOr(rng.pick(sentences), 0.2) };
      case 'userjoin':
        return {};
      default:
        return { sandbox_note: 'a message type the extension does not know', project_id: project.id };
    }
  };
  const addMessages = (recipient: User, count: number, unread: number) => {
    const created: Message[] = [];
    for (let k = 0; k < count; k++) {
      // The newest message gets k = 0; cycling the types keeps every type among the newest dozen.
      const type = MESSAGE_TYPES[k % MESSAGE_TYPES.length] as string;
      const actor = type === 'userjoin' ? (users[1] ?? recipient) : skewedUser();
      const at = now - k * 7 * 3600_000 - rng.int(0, 3 * 3600_000);
      created.push({
        id: 0,
        recipientId: recipient.id,
        type,
        actorId: type === 'userjoin' ? recipient.id : (actor as User).id,
        created: iso(at),
        unread: k < unread,
        fields: messageFields(type, recipient, actor as User),
      });
    }
    // Ids ascend with time.
    for (const message of created.reverse()) messages.push({ ...message, id: nextMessageId++ });
  };
  addMessages(demo, 160, 30);
  for (const user of rng.sample(activeUsers.slice(1), 120)) {
    const count = rng.int(3, 25);
    addMessages(user, count, rng.int(0, Math.min(count, 8)));
  }
  messages.sort((a, b) => a.id - b.id);
  const adminMessages = seedAdminMessages(users, now);
  const invites = seedInvites(users, now);

  // Activity events: every active user does a few things; demo's followees make a busy feed.
  const activity: ActivityEvent[] = [];
  const activityFields = (type: string, actor: User): EventFields => {
    const project = rng.pick(sharedProjects);
    const studio = rng.pick(studios);
    switch (type) {
      case 'followuser': {
        const followed = skewedUser();
        return { followed_username: followed.username, followed_user_id: followed.id };
      }
      case 'followstudio':
      case 'becomecurator':
        return { gallery_id: studio.id, title: studio.title };
      case 'loveproject':
        return { project_id: project.id, title: project.title };
      case 'favoriteproject':
        return { project_id: project.id, project_title: project.title };
      case 'remixproject': {
        const remix = (sharedByAuthor.get(actor.id) ?? []).find((p) => p.remixParent !== null) ?? project;
        const parent = remix.remixParent === null ? undefined : projectById.get(remix.remixParent);
        return {
          project_id: remix.id,
          title: remix.title,
          parent_id: parent?.id ?? project.id,
          parent_title: parent?.title ?? project.title,
        };
      }
      case 'becomeownerstudio': {
        const recipient = skewedUser();
        return {
          gallery_id: studio.id,
          gallery_title: studio.title,
          recipient_username: recipient.username,
          recipient_id: recipient.id,
        };
      }
      case 'shareproject':
        // Some live responses carry an HTML `message`: it must never be inserted as HTML.
        return {
          project_id: project.id,
          title: project.title,
          message: `<a href="/users/${actor.username}/">${actor.username}</a> shared <img src=x onerror="alert(1)">`,
        };
      case 'addprojecttostudio':
        return {
          project_id: project.id,
          project_title: project.title,
          gallery_id: studio.id,
          gallery_title: studio.title,
        };
      default:
        return { sandbox_note: 'an activity type the extension does not know' };
    }
  };
  let nextActivityId = ID_BASE.activity + 1;
  const rawActivity: Omit<ActivityEvent, 'id'>[] = [];
  for (const actor of activeUsers) {
    const count = rng.int(4, 12);
    for (let k = 0; k < count; k++) {
      const type = rng.pick(ACTIVITY_TYPES);
      rawActivity.push({
        actorId: actor.id,
        type,
        created: iso(now - rng.int(0, 60 * DAY)),
        fields: activityFields(type, actor),
      });
    }
  }
  // The newest events of demo's feed come from users with hostile names and texts, so the first
  // page shows them: `__proto__` loved a project with a hostile title, `constructor` followed
  // `__proto__`, mallory (hostile status) favorited another project with a hostile title.
  const hostileTitled = sharedProjects.filter((p) => HOSTILE_STRINGS.some((h) => p.title.startsWith(h)));
  const named = (name: string) => users.find((u) => u.username === name) as User;
  const [lovedHostile = sharedProjects[0] as Project, favoritedHostile = sharedProjects[1] as Project] =
    hostileTitled;
  rawActivity.push(
    {
      actorId: named('__proto__').id,
      type: 'loveproject',
      created: iso(now - 1 * 3600_000),
      fields: { project_id: lovedHostile.id, title: lovedHostile.title },
    },
    {
      actorId: named('constructor').id,
      type: 'followuser',
      created: iso(now - 2 * 3600_000),
      fields: { followed_username: '__proto__', followed_user_id: named('__proto__').id },
    },
    {
      actorId: mallory.id,
      type: 'favoriteproject',
      created: iso(now - 3 * 3600_000),
      fields: { project_id: favoritedHostile.id, project_title: favoritedHostile.title },
    },
  );
  rawActivity.sort((a, b) => compareIso(a.created, b.created));
  for (const event of rawActivity) activity.push({ ...event, id: nextActivityId++ });

  // The demo member browses a lot and loves and favorites what they like, most of all among the
  // projects everyone sees (the most loved): about 30% / 20% of the 400 most loved, 10% / 7% of the
  // rest, so every list page holds some. Its own generator, so the data above stays as it was.
  const browsing = new Random(seed ^ 0x5eed10fe);
  const markedAt = (project: Project) =>
    iso(sharedAt(project) + Math.floor(browsing.next() * Math.max(0, now - sharedAt(project))));
  const addDemoMark = (map: Map<Id, Mark[]>, project: Project) => {
    const marks = map.get(project.id) ?? [];
    if (marks.some((m) => m.userId === demo.id)) return;
    marks.push({ userId: demo.id, at: markedAt(project) });
    marks.sort((a, b) => compareIso(a.at, b.at));
    map.set(project.id, marks);
  };
  const mostLoved = new Set(
    sharedProjects
      .slice()
      .sort((a, b) => (loves.get(b.id)?.length ?? 0) - (loves.get(a.id)?.length ?? 0))
      .slice(0, 400),
  );
  for (const project of sharedProjects) {
    if (project.authorId === demo.id) continue;
    const top = mostLoved.has(project);
    if (browsing.chance(top ? 0.3 : 0.1)) addDemoMark(loves, project);
    if (browsing.chance(top ? 0.2 : 0.07)) addDemoMark(favorites, project);
  }

  const popular = sharedProjects
    .slice()
    .sort((a, b) => (loves.get(b.id)?.length ?? 0) - (loves.get(a.id)?.length ?? 0));
  return {
    users,
    projects,
    studios,
    comments,
    messages,
    adminMessages,
    invites,
    activity,
    loves,
    favorites,
    following,
    studioProjects,
    studioCurators,
    studioManagers,
    studioFollowers,
    featured: {
      projects: rng.sample(popular.slice(0, 200), 20).map((p) => p.id),
      studios: rng.sample(studios, 10).map((s) => s.id),
      curated: rng.sample(sharedProjects, 20).map((p) => p.id),
      curatorId: (users[2] as User).id,
      designStudioId: (studios[0] as Studio).id,
    },
  };
}
