/**
 * The sandbox's state: the seeded world plus sessions, with the indexes the REST handlers and the
 * site pages need. Everything is in memory; `reset()` restores the seeded world and drops sessions.
 * Lists come back in the order the live service answers them (documented on each method).
 */
import { randomBytes } from 'node:crypto';
import { SandboxClock } from './clock';
import { SPAM_WINDOW_MS } from './comment-rules';
import { compareIso } from './dates';
import type {
  ActivityEvent,
  AdminMessage,
  Comment,
  CommentPlace,
  EventFields,
  Id,
  Mark,
  Message,
  Project,
  ScratcherInvite,
  Session,
  Studio,
  User,
  World,
} from './model';
import { DEFAULT_SEED, FOLLOWING_ACTIVITY_TYPES, generateWorld, STUDIO_ACTIVITY_TYPES } from './seed';

export interface SignInResult {
  sessionId: string;
  csrfToken: string;
  token: string;
}

export interface NewMessage {
  type: string;
  /** Username of the actor (defaults to the recipient). */
  actor?: string;
  /** Per-type fields, as the live service names them (project_id, title, ...). */
  fields?: EventFields;
}

/** An activity event added through the control interface (it happened now). */
export interface NewActivity {
  /** Username of who did it. */
  actor: string;
  type: string;
  /** Per-type fields, as the live service names them (project_id, title, gallery_id, ...). */
  fields?: EventFields;
}

/** A project shared now through the control interface. */
export interface NewSharedProject {
  /** Username of its creator. */
  author: string;
  /** Default: "New project <id>". */
  title?: string;
  /** "Notes and Credits" (default empty), as the author wrote them before sharing. */
  description?: string;
  /** "Instructions" (default empty). */
  instructions?: string;
}

/** A project's four counts, as the interface gives them. */
export interface ProjectCounts {
  loves: number;
  favorites: number;
  views: number;
  remixes: number;
}

/** How much each count changes (`remixes` only grows). */
export type ProjectCountsChange = Partial<ProjectCounts>;

export interface NewComment {
  place: CommentPlace;
  placeId: Id;
  authorId: Id;
  content: string;
  parentId: Id | null;
  commenteeId: Id | null;
}

/** A project in a studio or loved by someone, with when that happened (feeds sort by it). */
export interface DatedProject {
  project: Project;
  at: string;
}

interface ProjectMark {
  projectId: Id;
  at: string;
}

/**
 * How long before the clock's start the seeded world ends: longer than the comment rules look back
 * (flood, spam), so that no member's first posts are refused for the seed's latest comments (some
 * places' comments run up to the last second of the seed).
 */
export const SEED_GAP_MS = SPAM_WINDOW_MS;

/** Generated worlds, by `<seed>@<the time they are dated from>`. */
const pristineWorlds = new Map<string, World>();

/** Indexes of what is never written (follows, activity), built once per seeded world. */
const followersIndexes = new WeakMap<World['following'], Map<Id, Mark[]>>();
const activityIndexes = new WeakMap<World['activity'], Map<Id, ActivityEvent[]>>();

function groupBy<K, V>(items: Iterable<V>, key: (item: V) => K): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Keeps the first entry of each project (lists are newest first: its latest date). */
function firstOfEachProject(items: DatedProject[]): DatedProject[] {
  const seen = new Set<Id>();
  return items.filter((d) => {
    if (seen.has(d.project.id)) return false;
    seen.add(d.project.id);
    return true;
  });
}

function byUser(marks: Map<Id, Mark[]>): Map<Id, ProjectMark[]> {
  const index = new Map<Id, ProjectMark[]>();
  for (const [projectId, list] of marks) {
    for (const mark of list) {
      const mine = index.get(mark.userId);
      if (mine) mine.push({ projectId, at: mark.at });
      else index.set(mark.userId, [{ projectId, at: mark.at }]);
    }
  }
  return index;
}

/** The world of `seed` dated from `seedNow`, generated once per process (it takes about a second). */
function pristineWorld(seed: number, seedNow: number): World {
  const key = `${seed}@${seedNow}`;
  let world = pristineWorlds.get(key);
  if (!world) {
    world = generateWorld(seed, seedNow);
    pristineWorlds.set(key, world);
  }
  return world;
}

/**
 * A reset copies the pristine world instead of generating it again. The copy is shallow where the
 * store never writes: users, projects, studios and marks are never changed in place; comments and
 * messages are (visibility, unread), so those objects are copied; lists the store appends to are
 * copied. Follows are never written, so they stay shared.
 */
function copyOf(world: World): World {
  const copyLists = <K, V>(map: Map<K, V[]>) => new Map([...map].map(([k, v]) => [k, v.slice()] as [K, V[]]));
  return {
    ...world,
    // Appended to by the control interface (shared projects, activity events), and a project's views
    // changed by it: copied, each project too.
    projects: world.projects.map((project) => ({ ...project })),
    activity: world.activity.slice(),
    comments: world.comments.map((c) => ({ ...c })),
    messages: world.messages.map((m) => ({ ...m })),
    // Dismissing one removes it from the list (the objects are never changed).
    adminMessages: world.adminMessages.slice(),
    invites: world.invites.slice(),
    // A project added to a studio through the control interface is appended.
    studioProjects: copyLists(world.studioProjects),
    // Accepting a curator invitation adds the member to the studio's curators.
    studioCurators: copyLists(world.studioCurators),
    loves: copyLists(world.loves),
    favorites: copyLists(world.favorites),
  };
}

const newest = <T extends { created: string }>(a: T, b: T) => compareIso(b.created, a.created);
const newestAt = <T extends { at: string }>(a: T, b: T) => compareIso(b.at, a.at);
const placeKey = (place: CommentPlace, placeId: Id) => `${place}:${placeId}`;
/** An `addcomment` message's `comment_type` by the comment's place (docs/site-reference.md, "Objects"). */
const COMMENT_TYPES: Record<CommentPlace, number> = { project: 0, user: 1, studio: 2 };
const secret = () => randomBytes(16).toString('hex');

export interface StoreOptions {
  /** The sandbox's clock; default: a new one, on the wall clock. */
  clock?: SandboxClock;
  /**
   * The time the seed is dated from (ms since the epoch; SEED_GAP_MS or more before the clock's
   * start); default: SEED_GAP_MS before the clock's start. A world is generated once per seed and
   * time in a process (it takes about a second): stores given the same time share it.
   */
  seedNow?: number;
}

export class Store {
  readonly seed: number;
  /** The sandbox's time: what the store dates (new comments, messages, ...) is dated by it. */
  readonly clock: SandboxClock;
  /** The time the seeded world is dated from: every seeded date lies before it. */
  readonly seedNow: number;
  private readonly pristine: World;
  private world!: World;
  private usersByName = new Map<string, User>();
  private usersById = new Map<Id, User>();
  private projectsById = new Map<Id, Project>();
  private projectsByAuthor = new Map<Id, Project[]>();
  private remixesByParent = new Map<Id, Project[]>();
  private studiosById = new Map<Id, Studio>();
  private studiosByProject = new Map<Id, Studio[]>();
  private studiosFollowedBy = new Map<Id, Studio[]>();
  private commentsById = new Map<Id, Comment>();
  /** Top-level comments per place, oldest first. */
  private threadsByPlace = new Map<string, Comment[]>();
  /** Replies per top-level comment, oldest first. */
  private repliesByParent = new Map<Id, Comment[]>();
  /** Comments each user posted, oldest first (flood and spam checks). */
  private commentsByAuthor = new Map<Id, Comment[]>();
  /** Built on first use (feeds), then kept up to date by setLove and setFavorite. */
  private lovesByUserIndex: Map<Id, ProjectMark[]> | null = null;
  private favoritesByUserIndex: Map<Id, ProjectMark[]> | null = null;
  private messagesByRecipient = new Map<Id, Message[]>();
  private nextAdminMessageId = 0;
  private nextInviteId = 0;
  private sessions = new Map<string, Session>();
  private sessionsByToken = new Map<string, Session>();
  private nextIds = { comment: 0, message: 0, activity: 0, project: 0 };
  /** Featured project a member chose on their legacy profile (site pages), by user id. */
  private featuredByUser = new Map<Id, Id>();

  constructor(seed: number = DEFAULT_SEED, options: StoreOptions = {}) {
    this.seed = seed;
    this.clock = options.clock ?? new SandboxClock();
    this.seedNow = options.seedNow ?? this.clock.start - SEED_GAP_MS;
    this.pristine = pristineWorld(seed, this.seedNow);
    this.reset();
  }

  /** Back to the seeded world: every write undone, every session signed out, the clock back on its course. */
  reset(): void {
    this.clock.restore();
    this.world = copyOf(this.pristine);
    this.sessions.clear();
    this.sessionsByToken.clear();
    this.featuredByUser.clear();
    this.index();
  }

  private index(): void {
    const w = this.world;
    const group = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (const map of [
      this.usersByName,
      this.usersById,
      this.projectsById,
      this.projectsByAuthor,
      this.remixesByParent,
      this.studiosById,
      this.studiosByProject,
      this.studiosFollowedBy,
      this.commentsById,
      this.threadsByPlace,
      this.repliesByParent,
      this.commentsByAuthor,
      this.messagesByRecipient,
    ] as Map<unknown, unknown>[]) {
      map.clear();
    }
    for (const user of w.users) {
      this.usersByName.set(user.username.toLowerCase(), user);
      this.usersById.set(user.id, user);
    }
    for (const project of w.projects) {
      this.projectsById.set(project.id, project);
      group(this.projectsByAuthor, project.authorId, project);
      if (project.remixParent !== null) group(this.remixesByParent, project.remixParent, project);
    }
    for (const studio of w.studios) {
      this.studiosById.set(studio.id, studio);
      for (const entry of w.studioProjects.get(studio.id) ?? [])
        group(this.studiosByProject, entry.projectId, studio);
      for (const mark of w.studioFollowers.get(studio.id) ?? [])
        group(this.studiosFollowedBy, mark.userId, studio);
    }
    // The seed lists comments oldest first within each place and thread, and new ones are appended.
    for (const comment of w.comments) {
      this.commentsById.set(comment.id, comment);
      group(this.commentsByAuthor, comment.authorId, comment);
      if (comment.parentId === null)
        group(this.threadsByPlace, placeKey(comment.place, comment.placeId), comment);
      else group(this.repliesByParent, comment.parentId, comment);
    }
    this.lovesByUserIndex = null;
    this.favoritesByUserIndex = null;
    for (const message of w.messages) group(this.messagesByRecipient, message.recipientId, message);
    this.nextIds.comment = w.comments.reduce((max, c) => Math.max(max, c.id), 0) + 1;
    this.nextIds.message = w.messages.reduce((max, m) => Math.max(max, m.id), 0) + 1;
    this.nextAdminMessageId = w.adminMessages.reduce((max, m) => Math.max(max, m.id), 0) + 1;
    this.nextInviteId = w.invites.reduce((max, m) => Math.max(max, m.id), 0) + 1;
    this.nextIds.activity = w.activity.reduce((max, e) => Math.max(max, e.id), 0) + 1;
    this.nextIds.project = w.projects.reduce((max, p) => Math.max(max, p.id), 0) + 1;
  }

  // Users

  /** Usernames are case-insensitive, as on the live site. */
  getUser(username: string): User | undefined {
    return this.usersByName.get(username.toLowerCase());
  }

  getUserById(id: Id): User | undefined {
    return this.usersById.get(id);
  }

  /** Every user, in id order (the sign-in page lists some). */
  users(): readonly User[] {
    return this.world.users;
  }

  /** Users following `userId`, most recent first. */
  followersOf(userId: Id): User[] {
    return this.marksToUsers((this.followersIndex().get(userId) ?? []).slice().sort(newestAt));
  }

  /** Users `userId` follows, most recent first. */
  followingOf(userId: Id): User[] {
    return this.marksToUsers((this.world.following.get(userId) ?? []).slice().sort(newestAt));
  }

  private followersIndex(): Map<Id, Mark[]> {
    let index = followersIndexes.get(this.world.following);
    if (!index) {
      index = new Map();
      for (const [followerId, marks] of this.world.following) {
        for (const mark of marks) {
          const list = index.get(mark.userId) ?? [];
          list.push({ userId: followerId, at: mark.at });
          index.set(mark.userId, list);
        }
      }
      followersIndexes.set(this.world.following, index);
    }
    return index;
  }

  private activityIndex(): Map<Id, ActivityEvent[]> {
    let index = activityIndexes.get(this.world.activity);
    if (!index) {
      index = groupBy(this.world.activity, (e) => e.actorId);
      activityIndexes.set(this.world.activity, index);
    }
    return index;
  }

  private lovesByUser(): Map<Id, ProjectMark[]> {
    this.lovesByUserIndex ??= byUser(this.world.loves);
    return this.lovesByUserIndex;
  }

  private favoritesByUser(): Map<Id, ProjectMark[]> {
    this.favoritesByUserIndex ??= byUser(this.world.favorites);
    return this.favoritesByUserIndex;
  }

  private marksToUsers(marks: Mark[]): User[] {
    return marks.map((m) => this.usersById.get(m.userId)).filter((u): u is User => u !== undefined);
  }

  // Projects

  getProject(id: Id): Project | undefined {
    return this.projectsById.get(id);
  }

  /** Every project, in id order (explore, search and the featured rows filter these). */
  projects(): readonly Project[] {
    return this.world.projects;
  }

  /**
   * A user's shared projects in the order they were made (id order). Not the order the site lists
   * them in: see `sharedProjectsNewestFirst`.
   */
  sharedProjectsOf(userId: Id): Project[] {
    return (this.projectsByAuthor.get(userId) ?? []).filter((p) => p.isShared);
  }

  /**
   * A user's shared projects as /users/<u>/projects pages them and their profile shows them: the
   * latest shared first (ties: the higher id first). A project made long ago and shared lately sits
   * by its shared date. tests/real-payloads/users-projects.json (griffpatch's first page) is in
   * this order; docs/interface.md says "oldest first", and the real payload wins.
   */
  sharedProjectsNewestFirst(userId: Id): Project[] {
    const sharedAt = (p: Project) => Date.parse(p.shared ?? p.created);
    return this.sharedProjectsOf(userId).sort((a, b) => sharedAt(b) - sharedAt(a) || b.id - a.id);
  }

  /** All of a user's projects, unshared ones too (only the owner may see those). */
  allProjectsOf(userId: Id): Project[] {
    return (this.projectsByAuthor.get(userId) ?? []).slice();
  }

  /**
   * The project a user's legacy profile features: the one they chose while it is still theirs and
   * shared, else their newest shared project (undefined when they share none).
   */
  featuredProjectOf(userId: Id): Project | undefined {
    const chosen = this.projectsById.get(this.featuredByUser.get(userId) ?? -1);
    if (chosen?.isShared && chosen.authorId === userId) return chosen;
    return this.sharedProjectsNewestFirst(userId)[0];
  }

  /** Sets the featured project; false unless it is one of the user's shared projects. */
  setFeaturedProject(userId: Id, projectId: Id): boolean {
    const project = this.projectsById.get(projectId);
    if (!project?.isShared || project.authorId !== userId) return false;
    this.featuredByUser.set(userId, projectId);
    return true;
  }

  /** Shared remixes of a project, oldest first. */
  remixesOf(projectId: Id): Project[] {
    return (this.remixesByParent.get(projectId) ?? []).filter((p) => p.isShared);
  }

  loveCount(projectId: Id): number {
    return this.world.loves.get(projectId)?.length ?? 0;
  }

  favoriteCount(projectId: Id): number {
    return this.world.favorites.get(projectId)?.length ?? 0;
  }

  remixCount(projectId: Id): number {
    return this.remixesOf(projectId).length;
  }

  isLoved(projectId: Id, userId: Id): boolean {
    return (this.world.loves.get(projectId) ?? []).some((m) => m.userId === userId);
  }

  isFavorited(projectId: Id, userId: Id): boolean {
    return (this.world.favorites.get(projectId) ?? []).some((m) => m.userId === userId);
  }

  /** Love or unlove; returns whether the state changed. Throws on an unknown project or user. */
  setLove(projectId: Id, username: string, loved: boolean): boolean {
    return this.setMark(this.world.loves, this.lovesByUserIndex, projectId, username, loved);
  }

  setFavorite(projectId: Id, username: string, favorited: boolean): boolean {
    return this.setMark(this.world.favorites, this.favoritesByUserIndex, projectId, username, favorited);
  }

  private setMark(
    byProject: Map<Id, Mark[]>,
    byUser: Map<Id, ProjectMark[]> | null,
    projectId: Id,
    username: string,
    on: boolean,
  ): boolean {
    const user = this.getUser(username);
    if (!user || !this.projectsById.has(projectId))
      throw new Error(`no project ${projectId} or user ${username}`);
    const marks = byProject.get(projectId) ?? [];
    byProject.set(projectId, marks);
    const index = marks.findIndex((m) => m.userId === user.id);
    if (on === index >= 0) return false;
    const userMarks = byUser?.get(user.id) ?? [];
    byUser?.set(user.id, userMarks);
    if (on) {
      const at = this.clock.iso();
      marks.push({ userId: user.id, at });
      userMarks.push({ projectId, at });
    } else {
      marks.splice(index, 1);
      const userIndex = userMarks.findIndex((m) => m.projectId === projectId);
      if (userIndex >= 0) userMarks.splice(userIndex, 1);
    }
    return true;
  }

  /** Projects a user favorited, most recently favorited first (the legacy profile and gallery pages). */
  favoritesOf(userId: Id): Project[] {
    return this.datedProjects(this.favoritesByUser().get(userId) ?? []).map((d) => d.project);
  }

  /**
   * Projects a user favorited as `/users/<u>/favorites` pages them: by the project's shared date,
   * not by when it was favorited (docs/site-reference.md, "Paging and limits": an open report in the
   * interface's own tracker), the latest shared first as the user's own projects come (ties: the
   * higher id first). A project shared long ago and favorited today sits far down the list.
   */
  favoritesBySharedDate(userId: Id): Project[] {
    const sharedAt = (p: Project) => Date.parse(p.shared ?? p.created);
    return this.favoritesOf(userId).sort((a, b) => sharedAt(b) - sharedAt(a) || b.id - a.id);
  }

  private datedProjects(marks: { projectId: Id; at: string }[]): DatedProject[] {
    return marks
      .map((m) => ({ project: this.projectsById.get(m.projectId), at: m.at }))
      .filter((d): d is DatedProject => d.project?.isShared === true)
      .sort(newestAt);
  }

  // Studios

  getStudio(id: Id): Studio | undefined {
    return this.studiosById.get(id);
  }

  studios(): readonly Studio[] {
    return this.world.studios;
  }

  /** Studios a user curates (host, manager or curator), oldest first. */
  curatedStudiosOf(userId: Id): Studio[] {
    return this.world.studios.filter((s) => (this.world.studioCurators.get(s.id) ?? []).includes(userId));
  }

  /** Studios a project was added to, oldest first. */
  studiosOfProject(projectId: Id): Studio[] {
    return (this.studiosByProject.get(projectId) ?? []).slice();
  }

  /** Shared projects of a studio, most recently added first. */
  studioProjects(studioId: Id): DatedProject[] {
    return (this.world.studioProjects.get(studioId) ?? [])
      .map((e) => ({ project: this.projectsById.get(e.projectId), at: e.added }))
      .filter((d): d is DatedProject => d.project?.isShared === true)
      .sort(newestAt);
  }

  studioManagers(studioId: Id): Id[] {
    return (this.world.studioManagers.get(studioId) ?? []).slice();
  }

  studioCurators(studioId: Id): Id[] {
    return (this.world.studioCurators.get(studioId) ?? []).slice();
  }

  /**
   * Whether `username` has a curator invitation to the studio still pending: a `curatorinvite`
   * message of theirs names it and they do not curate it yet (accepting is what makes them a curator).
   */
  hasPendingCuratorInvite(username: string, studioId: Id): boolean {
    const user = this.getUser(username);
    if (!user || this.studioCurators(studioId).includes(user.id)) return false;
    return this.messagesFor(username).some(
      (message) => message.type === 'curatorinvite' && message.fields.gallery_id === studioId,
    );
  }

  /** Accepts a pending curator invitation: the member joins the studio's curators. False when none is pending. */
  acceptCuratorInvite(username: string, studioId: Id): boolean {
    const user = this.getUser(username);
    if (!user || !this.hasPendingCuratorInvite(username, studioId)) return false;
    this.world.studioCurators.set(studioId, [...this.studioCurators(studioId), user.id]);
    return true;
  }

  studioFollowerCount(studioId: Id): number {
    return this.world.studioFollowers.get(studioId)?.length ?? 0;
  }

  // Feeds of the people and studios a user follows (newest first)

  followingUsersProjects(userId: Id): Project[] {
    return (this.world.following.get(userId) ?? [])
      .flatMap((m) => this.sharedProjectsOf(m.userId))
      .sort((a, b) => compareIso(b.shared ?? '', a.shared ?? ''));
  }

  /** Each project once, at its most recent love by someone followed. */
  followingUsersLoves(userId: Id): DatedProject[] {
    return firstOfEachProject(
      this.datedProjects(
        (this.world.following.get(userId) ?? []).flatMap((m) => this.lovesByUser().get(m.userId) ?? []),
      ),
    );
  }

  /** Each project once, at its most recent addition to a studio followed. */
  followingStudiosProjects(userId: Id): DatedProject[] {
    return firstOfEachProject(
      (this.studiosFollowedBy.get(userId) ?? []).flatMap((s) => this.studioProjects(s.id)).sort(newestAt),
    );
  }

  /**
   * What's Happening: the events of the people a user follows, newest first, of the types the site
   * renders there (FOLLOWING_ACTIVITY_TYPES): a studio's `addprojecttostudio` is in the studio's own
   * activity (`studioActivity`), never here.
   */
  followingActivity(userId: Id): ActivityEvent[] {
    const shown: ReadonlySet<string> = new Set(FOLLOWING_ACTIVITY_TYPES);
    return (this.world.following.get(userId) ?? [])
      .flatMap((m) => this.activityIndex().get(m.userId) ?? [])
      .filter((event) => shown.has(event.type))
      .sort(newest);
  }

  /**
   * A studio's own activity (`/studios/<id>/activity`), newest first: the events of
   * STUDIO_ACTIVITY_TYPES that name the studio (`gallery_id`), at or before `dateLimit` (an ISO date;
   * the site asks with the date of the oldest item it holds, so that one comes again:
   * scratch-www src/views/studio/lib/studio-activity-actions.js dedupes), at most `limit`.
   */
  studioActivity(studioId: Id, options: { limit: number; dateLimit?: string }): ActivityEvent[] {
    const types: ReadonlySet<string> = new Set(STUDIO_ACTIVITY_TYPES);
    const limit = options.dateLimit === undefined ? undefined : Date.parse(options.dateLimit);
    return this.world.activity
      .filter(
        (event) =>
          types.has(event.type) &&
          event.fields.gallery_id === studioId &&
          (limit === undefined || Date.parse(event.created) <= limit),
      )
      .sort((a, b) => newest(a, b) || b.id - a.id)
      .slice(0, options.limit);
  }

  /**
   * `actor` adds a shared project to a studio now (control interface): it leads the studio's
   * projects, and an `addprojecttostudio` event leads the studio's activity (and nobody's What's
   * Happening). Throws on an unknown studio, project or actor.
   */
  addProjectToStudio(input: { studioId: Id; projectId: Id; actor: string }): ActivityEvent {
    const studio = this.studiosById.get(input.studioId);
    const project = this.projectsById.get(input.projectId);
    if (!studio) throw new Error(`no studio ${input.studioId}`);
    if (!project?.isShared) throw new Error(`no shared project ${input.projectId}`);
    const actor = this.getUser(input.actor);
    if (!actor) throw new Error(`no user ${input.actor}`);
    const added = new Date().toISOString();
    const entries = this.world.studioProjects.get(studio.id) ?? [];
    if (!entries.some((e) => e.projectId === project.id)) {
      entries.push({ projectId: project.id, actorId: actor.id, added });
      this.world.studioProjects.set(studio.id, entries);
      this.studiosByProject.set(project.id, [...(this.studiosByProject.get(project.id) ?? []), studio]);
    }
    return this.addActivity({
      actor: input.actor,
      type: 'addprojecttostudio',
      fields: {
        project_id: project.id,
        project_title: project.title,
        gallery_id: studio.id,
        gallery_title: studio.title,
      },
    });
  }

  /**
   * Record an activity event that happens now (control interface): the newest in the feed of
   * everyone following the actor. Throws on an unknown actor.
   */
  addActivity(input: NewActivity): ActivityEvent {
    const actor = this.getUser(input.actor);
    if (!actor) throw new Error(`no user ${input.actor}`);
    const event: ActivityEvent = {
      id: this.nextIds.activity++,
      actorId: actor.id,
      type: input.type,
      created: this.clock.iso(),
      fields: input.fields ?? {},
    };
    this.world.activity.push(event);
    const index = activityIndexes.get(this.world.activity);
    if (index) {
      const mine = index.get(actor.id) ?? [];
      mine.push(event);
      index.set(actor.id, mine);
    }
    return event;
  }

  /**
   * A user shares a new project now (control interface): it leads their followers' "shared by
   * people you follow", and, as on the live site, a `shareproject` event joins the activity feed.
   * Throws on an unknown author.
   */
  shareProject(input: NewSharedProject): { project: Project; event: ActivityEvent } {
    const author = this.getUser(input.author);
    if (!author) throw new Error(`no user ${input.author}`);
    const now = this.clock.iso();
    const id = this.nextIds.project++;
    const project: Project = {
      id,
      title: input.title ?? `New project ${id}`,
      description: input.description ?? '',
      instructions: input.instructions ?? '',
      authorId: author.id,
      isShared: true,
      commentsAllowed: true,
      created: now,
      modified: now,
      shared: now,
      views: 0,
      remixParent: null,
      remixRoot: null,
      tags: [],
      language: 'en',
    };
    this.world.projects.push(project);
    this.projectsById.set(id, project);
    const mine = this.projectsByAuthor.get(author.id) ?? [];
    mine.push(project);
    this.projectsByAuthor.set(author.id, mine);
    const event = this.addActivity({
      actor: author.username,
      type: 'shareproject',
      fields: { project_id: id, title: project.title },
    });
    return { project, event };
  }

  /**
   * Changes a project's counts as other members would (the daily record's tests watch them grow):
   * `views` more views; `loves` and `favorites` more marks by other users (the first users, in id
   * order, who have none on it yet), or fewer (the latest marks taken back); `remixes` more shared
   * remixes by other users (never fewer). Returns its counts after, as the interface gives them.
   */
  changeProjectCounts(projectId: Id, change: ProjectCountsChange): ProjectCounts {
    const project = this.projectsById.get(projectId);
    if (!project) throw new Error(`no project ${projectId}`);
    if ((change.remixes ?? 0) < 0) throw new Error('remixes only grow');
    project.views = Math.max(0, project.views + (change.views ?? 0));
    const others = () => this.world.users.filter((user) => user.id !== project.authorId);
    const marks = [
      [this.world.loves, change.loves ?? 0, (user: string, on: boolean) => this.setLove(projectId, user, on)],
      [
        this.world.favorites,
        change.favorites ?? 0,
        (user: string, on: boolean) => this.setFavorite(projectId, user, on),
      ],
    ] as const;
    for (const [byProject, delta, set] of marks) {
      if (delta > 0) {
        const marked = new Set((byProject.get(projectId) ?? []).map((mark) => mark.userId));
        const fresh = others().filter((user) => !marked.has(user.id));
        if (fresh.length < delta)
          throw new Error(`only ${fresh.length} users left to mark project ${projectId}`);
        for (const user of fresh.slice(0, delta)) set(user.username, true);
      } else if (delta < 0) {
        const latest = (byProject.get(projectId) ?? []).slice(delta);
        for (const mark of latest.reverse()) set(this.getUserById(mark.userId)?.username ?? '', false);
      }
    }
    const remixers = others();
    for (let n = 0; n < (change.remixes ?? 0); n++) {
      const remixer = remixers[n % remixers.length] as User;
      const { project: remix } = this.shareProject({
        author: remixer.username,
        title: `${project.title} remix`,
      });
      remix.remixParent = project.id;
      remix.remixRoot = project.remixRoot ?? project.id;
      const remixes = this.remixesByParent.get(project.id) ?? [];
      remixes.push(remix);
      this.remixesByParent.set(project.id, remixes);
    }
    return {
      loves: this.loveCount(projectId),
      favorites: this.favoriteCount(projectId),
      views: project.views,
      remixes: this.remixCount(projectId),
    };
  }

  /** The rows of /proxy/featured, as ids chosen by the seed. */
  featured(): World['featured'] {
    return this.world.featured;
  }

  // Comments

  getComment(id: Id): Comment | undefined {
    const comment = this.commentsById.get(id);
    return comment && comment.visibility !== 'deleted' ? comment : undefined;
  }

  /** Visible top-level comments of a place, newest first (as the live lists answer). */
  topLevelComments(place: CommentPlace, placeId: Id): Comment[] {
    return (this.threadsByPlace.get(placeKey(place, placeId)) ?? [])
      .filter((c) => c.visibility === 'visible')
      .reverse();
  }

  /** Visible replies of a top-level comment, oldest first (thread order). */
  replies(parentId: Id): Comment[] {
    return (this.repliesByParent.get(parentId) ?? []).filter((c) => c.visibility === 'visible');
  }

  replyCount(parentId: Id): number {
    return this.replies(parentId).length;
  }

  /** Visible comment count of a place, replies included (studio stats). */
  commentCount(place: CommentPlace, placeId: Id): number {
    return this.topLevelComments(place, placeId).reduce((n, c) => n + 1 + this.replyCount(c.id), 0);
  }

  /** Comments a user posted, oldest first (the rejection rules look at the latest ones). */
  commentsBy(userId: Id): readonly Comment[] {
    return this.commentsByAuthor.get(userId) ?? [];
  }

  /** Store a comment that passed the rules (see comment-rules.ts). */
  addComment(input: NewComment): Comment {
    const now = this.clock.iso();
    const comment: Comment = {
      id: this.nextIds.comment++,
      ...input,
      created: now,
      modified: now,
      visibility: 'visible',
    };
    this.world.comments.push(comment);
    this.commentsById.set(comment.id, comment);
    const list = comment.parentId === null ? this.threadsByPlace : this.repliesByParent;
    const key = comment.parentId === null ? placeKey(comment.place, comment.placeId) : comment.parentId;
    const group = (list as Map<unknown, Comment[]>).get(key) ?? [];
    group.push(comment);
    (list as Map<unknown, Comment[]>).set(key, group);
    const mine = this.commentsByAuthor.get(comment.authorId) ?? [];
    mine.push(comment);
    this.commentsByAuthor.set(comment.authorId, mine);
    return comment;
  }

  /** Deleted comments (and the replies of a deleted thread) vanish from every list. */
  deleteComment(id: Id): boolean {
    const comment = this.commentsById.get(id);
    if (!comment || comment.visibility === 'deleted') return false;
    comment.visibility = 'deleted';
    return true;
  }

  // Messages

  /** A user's messages, newest first. */
  messagesFor(username: string): Message[] {
    const user = this.getUser(username);
    return user ? (this.messagesByRecipient.get(user.id) ?? []).slice().sort((a, b) => b.id - a.id) : [];
  }

  /**
   * The count `/users/<u>/messages/count` says: the unread messages and the site team's alerts,
   * which the interface never lists (scratch-www src/views/messages/presentation.jsx:
   * numNewSocialMessages = count - admin messages).
   */
  unreadCount(username: string): number {
    const invite = this.inviteFor(username) === null ? 0 : 1;
    return (
      this.messagesFor(username).filter((m) => m.unread).length +
      this.adminMessagesFor(username).length +
      invite
    );
  }

  /** A user's pending Scratcher invitation (`/users/<u>/invites`), or null. */
  inviteFor(username: string): ScratcherInvite | null {
    const user = this.getUser(username);
    return this.world.invites.find((invite) => invite.recipientId === user?.id) ?? null;
  }

  /** Invites a user to become a Scratcher (control interface): their one invitation, new or kept. */
  addInvite(username: string): ScratcherInvite {
    const recipient = this.getUser(username);
    if (!recipient) throw new Error(`no user ${username}`);
    const existing = this.inviteFor(username);
    if (existing) return existing;
    const team = this.getUser('ScratchTeamMember');
    const created: ScratcherInvite = {
      id: this.nextInviteId++,
      recipientId: recipient.id,
      actorId: team?.id ?? recipient.id,
      created: new Date().toISOString(),
    };
    this.world.invites.push(created);
    return created;
  }

  /** Dismisses a user's invitation (`alertType: "invite"`): the count drops by one. False when none has this id. */
  dismissInvite(username: string, id: Id): boolean {
    const user = this.getUser(username);
    const index = this.world.invites.findIndex((m) => m.id === id && m.recipientId === user?.id);
    if (index === -1) return false;
    this.world.invites.splice(index, 1);
    return true;
  }

  /** Every alert and the invitation of a user dismissed (control interface): how many went. */
  clearAlerts(username: string): number {
    const alerts = this.adminMessagesFor(username);
    for (const alert of alerts) this.dismissAdminMessage(username, alert.id);
    const invite = this.inviteFor(username);
    if (invite) this.dismissInvite(username, invite.id);
    return alerts.length + (invite ? 1 : 0);
  }

  /** The site team's alerts to a user, newest first (`/users/<u>/messages/admin`). */
  adminMessagesFor(username: string): AdminMessage[] {
    const user = this.getUser(username);
    if (!user) return [];
    return this.world.adminMessages.filter((m) => m.recipientId === user.id).sort((a, b) => b.id - a.id);
  }

  /** A new alert from the site's team to a user (control interface). Throws on an unknown user. */
  addAdminMessage(username: string, message: string): AdminMessage {
    const recipient = this.getUser(username);
    if (!recipient) throw new Error(`no user ${username}`);
    const created: AdminMessage = {
      id: this.nextAdminMessageId++,
      recipientId: recipient.id,
      message,
      created: this.clock.iso(),
    };
    this.world.adminMessages.push(created);
    return created;
  }

  /**
   * Dismisses one of a user's alerts, as the site's messages page does with its close button
   * (`/site-api/messages/messages-delete/`, scratch-www src/redux/messages.js clearAdminMessage):
   * the count drops by one. False when the user has no such alert.
   */
  dismissAdminMessage(username: string, id: Id): boolean {
    const user = this.getUser(username);
    const index = this.world.adminMessages.findIndex((m) => m.id === id && m.recipientId === user?.id);
    if (index === -1) return false;
    this.world.adminMessages.splice(index, 1);
    return true;
  }

  /**
   * What opening the messages page does on the live site: every message is read, the count drops
   * to the site team's alerts and the invitation (0 without any), which only dismissing clears.
   */
  markMessagesRead(username: string): void {
    for (const message of this.messagesFor(username)) message.unread = false;
  }

  /** Add an unread message for a user (control interface). Throws on an unknown user or actor. */
  addMessage(username: string, input: NewMessage): Message {
    const recipient = this.getUser(username);
    if (!recipient) throw new Error(`no user ${username}`);
    const actor = input.actor === undefined ? recipient : this.getUser(input.actor);
    if (!actor) throw new Error(`no user ${input.actor}`);
    const message: Message = {
      id: this.nextIds.message++,
      recipientId: recipient.id,
      type: input.type,
      actorId: actor.id,
      created: this.clock.iso(),
      unread: true,
      fields: input.fields ?? {},
    };
    this.world.messages.push(message);
    const list = this.messagesByRecipient.get(recipient.id) ?? [];
    list.push(message);
    this.messagesByRecipient.set(recipient.id, list);
    return message;
  }

  /**
   * The `addcomment` message the live site sends `username` about `comment` (its owner, or the
   * person it replies to): `comment_type` 0 on a project, 1 on a profile, 2 in a studio, with the
   * place's title (a profile's is its username) and a fragment of the comment (its first 60 characters)
   * (docs/site-reference.md, "Objects"). From the comment's author unless `actor` says otherwise.
   */
  addCommentMessage(username: string, comment: Comment, actor?: string): Message {
    const title =
      comment.place === 'project'
        ? this.getProject(comment.placeId)?.title
        : comment.place === 'studio'
          ? this.getStudio(comment.placeId)?.title
          : this.getUserById(comment.placeId)?.username;
    if (title === undefined) throw new Error(`no ${comment.place} ${comment.placeId}`);
    const commentee = comment.commenteeId === null ? undefined : this.getUserById(comment.commenteeId);
    return this.addMessage(username, {
      type: 'addcomment',
      actor: actor ?? this.getUserById(comment.authorId)?.username,
      fields: {
        comment_type: COMMENT_TYPES[comment.place],
        comment_obj_id: comment.placeId,
        comment_obj_title: title,
        comment_id: comment.id,
        comment_fragment: comment.content.slice(0, 60),
        commentee_username: commentee?.username ?? null,
      },
    });
  }

  // Sessions and tokens

  /** Sign a user in: a new session with a fresh token and a fresh CSRF token. Throws on an unknown user. */
  signIn(username: string): SignInResult {
    const user = this.getUser(username);
    if (!user) throw new Error(`no user ${username}`);
    const session: Session = {
      id: secret(),
      userId: user.id,
      token: secret(),
      created: this.clock.iso(),
    };
    this.sessions.set(session.id, session);
    this.sessionsByToken.set(session.token as string, session);
    return { sessionId: session.id, csrfToken: secret(), token: session.token as string };
  }

  signOut(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    if (session.token) this.sessionsByToken.delete(session.token);
    this.sessions.delete(sessionId);
  }

  /** The signed-in user of a session, or null (unknown, signed out or missing session id). */
  sessionUser(sessionId: string | undefined): User | null {
    const session = sessionId ? this.sessions.get(sessionId) : undefined;
    return session ? (this.usersById.get(session.userId) ?? null) : null;
  }

  /** The session's REST token; a new one if it was expired (as a /session/ re-read gets on the live site). */
  sessionToken(sessionId: string): string | null {
    const session = this.sessions.get(sessionId);
    if (!session) return null;
    if (!session.token) {
      session.token = secret();
      this.sessionsByToken.set(session.token, session);
    }
    return session.token;
  }

  /** Who a REST token belongs to, or null when it is unknown or expired. */
  tokenUser(token: string | undefined): User | null {
    const session = token ? this.sessionsByToken.get(token) : undefined;
    return session ? (this.usersById.get(session.userId) ?? null) : null;
  }

  /** Expire every token of a user (their sessions stay signed in). Returns how many were expired. */
  expireTokens(username: string): number {
    const user = this.getUser(username);
    let expired = 0;
    for (const session of this.sessions.values()) {
      if (user && session.userId === user.id && session.token) {
        this.sessionsByToken.delete(session.token);
        session.token = null;
        expired++;
      }
    }
    return expired;
  }
}
