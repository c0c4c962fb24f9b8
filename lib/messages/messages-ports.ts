/**
 * What the messages service needs from outside (the API client, the session, storage, the clock),
 * shared by its units: the list, the threads, replies and deletes. ./messages-background.ts wires
 * these to the browser; unit tests pass fakes.
 */
import type { NewComment } from '@/lib/api/client';
import type { Comment, Message } from '@/lib/api/schemas';
import type {
  AlertKind,
  Drafts,
  MemberMessages,
  MessageThread,
  ScratcherInvite,
  TeamAlert,
  ThreadKind,
} from './messages-model';
import type { PendingPosts } from './pending-posts';

export type MessagesCache = Record<string, MemberMessages>;
export type ThreadsCache = Record<string, Record<string, MessageThread>>;

export interface Member {
  id: number;
  username: string;
}

export interface Store<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
}

/** What the service needs of the API client. */
export interface MessagesApi {
  messagesPage(
    username: string,
    page: { offset: number; limit: number },
  ): Promise<{ items: Message[]; received: number }>;
  projectOwner(projectId: number): Promise<Member>;
  projectComment(owner: string, projectId: number, commentId: number): Promise<Comment>;
  projectReplies(
    owner: string,
    projectId: number,
    topId: number,
    page: { offset: number; limit: number },
  ): Promise<{ items: Comment[]; received: number }>;
  studioComment(studioId: number, commentId: number): Promise<Comment>;
  studioReplies(
    studioId: number,
    topId: number,
    page: { offset: number; limit: number },
  ): Promise<{ items: Comment[]; received: number }>;
  post(kind: ThreadKind, objectId: number, comment: NewComment): Promise<Comment>;
  delete(kind: ThreadKind, objectId: number, commentId: number): Promise<void>;
  /** The site team's alerts (`/users/<me>/messages/admin`), newest first. */
  teamAlerts(username: string): Promise<TeamAlert[]>;
  /** The Scratcher invitation (`/users/<me>/invites`), null when there is none. */
  scratcherInvite(username: string): Promise<ScratcherInvite | null>;
  /** Dismisses an alert or the invitation as the site does; true when the site says `success`. */
  dismissAlert(kind: AlertKind, id: number): Promise<boolean>;
  /** Marks every message read as the site's messages page does; true when the site took it. */
  markAllRead(): Promise<boolean>;
  /** Accepts the member's invitation to curate a studio as its page does; true on `success`. */
  acceptCuratorInvite(studioId: number, username: string): Promise<boolean>;
}

export interface MessagesPorts {
  now(): number;
  /** The signed-in member, or null. */
  member(): Promise<Member | null>;
  api: MessagesApi;
  cache: Store<MessagesCache>;
  threads: Store<ThreadsCache>;
  drafts: Store<Drafts>;
  /** Replies sent whose outcome is not known yet (see ./pending-posts.ts). */
  pending: Store<PendingPosts>;
  sleep(ms: number): Promise<void>;
  /** How long a sent POST may still reach the site (pending-posts.ts); PENDING_SETTLE_MS if absent. */
  settleMs?(): number;
  /** The site said an alert of `username`'s is dismissed: the message count is one lower at once. */
  alertDismissed?(username: string): Promise<void>;
  /** The site marked every message of `username`'s read: the message count follows at once. */
  markedRead?(username: string): Promise<void>;
}

/** Only the member signed in when a read ends gets its result. */
export async function stillSignedIn(ports: MessagesPorts, username: string): Promise<boolean> {
  return (await ports.member())?.username === username;
}
