/**
 * The sandbox's in-memory records. These are the store's own shapes, not the REST objects: the API
 * shapes (field names as the live service spells them) are made from these in `serialize.ts`.
 * Dates are ISO strings; ids are numbers.
 */

export type Id = number;

export interface User {
  id: Id;
  username: string;
  scratchteam: boolean;
  /** ISO date the account was made. */
  joined: string;
  /** "What I'm working on". */
  status: string;
  /** "About me". */
  bio: string;
  country: string;
  email: string;
  banned: boolean;
  newScratcher: boolean;
}

export interface Project {
  id: Id;
  title: string;
  description: string;
  instructions: string;
  authorId: Id;
  /** Shared projects are public; unshared ones are readable only by their author. */
  isShared: boolean;
  commentsAllowed: boolean;
  created: string;
  modified: string;
  /** When it was shared; null while unshared. */
  shared: string | null;
  views: number;
  remixParent: Id | null;
  remixRoot: Id | null;
  /** Explore tags (animations, art, games, music, stories, tutorials). */
  tags: string[];
  /** Locale the project is written in (explore and search `language`). */
  language: string;
}

export interface Studio {
  id: Id;
  title: string;
  description: string;
  hostId: Id;
  openToAll: boolean;
  commentsAllowed: boolean;
  created: string;
  modified: string;
}

export interface StudioProject {
  projectId: Id;
  actorId: Id;
  added: string;
}

export type CommentPlace = 'project' | 'studio' | 'user';

export interface Comment {
  id: Id;
  place: CommentPlace;
  /** Project id, studio id or user id (profile comments). */
  placeId: Id;
  /** Top-level comment this one replies to; null for a top-level comment. */
  parentId: Id | null;
  commenteeId: Id | null;
  authorId: Id;
  /** The text as typed (raw, unescaped); the API escapes it like the live service. */
  content: string;
  created: string;
  modified: string;
  visibility: 'visible' | 'markedbyfilter' | 'deleted' | 'reported';
}

/** Extra, per-type fields of a message or an activity event (names as the live service spells them). */
export type EventFields = Record<string, string | number | null>;

export interface Message {
  id: Id;
  recipientId: Id;
  type: string;
  actorId: Id;
  created: string;
  unread: boolean;
  fields: EventFields;
}

/**
 * A message from the site's team (an "alert"): the site's messages page shows it above the social
 * list (scratch-www src/views/messages/presentation.jsx, `messages-admin`), read from
 * `/users/<u>/messages/admin` (src/redux/messages.js, getAdminMessages), an endpoint outside the
 * interface. It counts in `/users/<u>/messages/count` but is never in `/users/<u>/messages`, and
 * opening the messages page does not clear it: only dismissing it does (the count drops by one).
 */
export interface AdminMessage {
  id: Id;
  recipientId: Id;
  /** What the team wrote: HTML on the live site, which its messages page inserts as HTML. */
  message: string;
  created: string;
}

/**
 * The invitation to become a Scratcher (scratch-www src/views/messages/message-rows/
 * scratcher-invite.jsx), read from `/users/<u>/invites` (src/redux/messages.js, getScratcherInvite):
 * like an alert, it counts in `/messages/count`, is never in `/messages`, stays when the messages page
 * opens, and goes when dismissed (`alertType: "invite"`).
 */
export interface ScratcherInvite {
  id: Id;
  recipientId: Id;
  /** Who invited (the site's team account). */
  actorId: Id;
  created: string;
}

export interface ActivityEvent {
  id: Id;
  actorId: Id;
  type: string;
  created: string;
  fields: EventFields;
}

export interface Session {
  id: string;
  userId: Id;
  /** The REST token for this session; null after it was expired (a new one is issued on the next /session/ read). */
  token: string | null;
  created: string;
}

/** A timestamped relation (love, favorite, follow). */
export interface Mark {
  userId: Id;
  at: string;
}

/** The seeded world: everything the store holds. */
export interface World {
  users: User[];
  projects: Project[];
  studios: Studio[];
  comments: Comment[];
  messages: Message[];
  /** The site team's alerts, oldest first. */
  adminMessages: AdminMessage[];
  /** Pending Scratcher invitations (at most one a user). */
  invites: ScratcherInvite[];
  activity: ActivityEvent[];
  /** projectId -> lovers, in the order they loved it. */
  loves: Map<Id, Mark[]>;
  favorites: Map<Id, Mark[]>;
  /** userId -> users they follow (in the order followed). */
  following: Map<Id, Mark[]>;
  studioProjects: Map<Id, StudioProject[]>;
  studioCurators: Map<Id, Id[]>;
  studioManagers: Map<Id, Id[]>;
  studioFollowers: Map<Id, Mark[]>;
  /** Featured rows of /proxy/featured (ids). */
  featured: {
    projects: Id[];
    studios: Id[];
    curated: Id[];
    curatorId: Id;
    designStudioId: Id;
  };
}
