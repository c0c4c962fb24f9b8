/**
 * The rules of an opened conversation: its comments in reading order, who may delete, how a reply
 * is addressed and counted, the member's drafts. Pure, like messages-model.ts (whose types they
 * use), and apart from it: the popup loads these with a conversation (thread-view.ts), not with the
 * Messages tab's list.
 */
import type { Draft, Drafts, MessageThread, ReplyAddress, ThreadComment } from './messages-model';

/** The comments of a thread in reading order: the top-level comment, then its replies. */
export function threadComments(thread: MessageThread): ThreadComment[] {
  return thread.top === null ? [] : [thread.top, ...thread.replies];
}

/**
 * Whether the member may delete this comment, as the site allows: their own comments anywhere, and
 * any comment on their own project. (Studio managers may too, but the interface does not say who
 * manages a studio: there only the member's own comments.)
 */
export function canDelete(thread: MessageThread, comment: ThreadComment, memberId: number): boolean {
  if (comment.author.id === memberId) return true;
  return thread.kind === 'project' && thread.owner?.id === memberId;
}

/** The mention the site puts in front of a reply to `username`. */
export function mentionOf(username: string): string {
  return `@${username} `;
}

/**
 * How a reply to `repliedId` is addressed: parent = the thread's top-level comment, commentee = the
 * author of the comment replied to, content prefixed with their mention (unless the member already
 * wrote it). Null when the comment is not in the thread.
 */
export function replyAddress(thread: MessageThread, repliedId: number, text: string): ReplyAddress | null {
  if (thread.top === null) return null;
  const replied = threadComments(thread).find((comment) => comment.id === repliedId);
  if (replied === undefined) return null;
  const mention = replied.author.username;
  const prefix = mentionOf(mention);
  const trimmed = text.replace(/^\s+/, '');
  const content = trimmed.startsWith(prefix) ? trimmed : prefix + trimmed;
  return { parentId: thread.top.id, commenteeId: replied.author.id, mention, content };
}

/** Characters as the site counts them (code points). */
export function replyLength(content: string): number {
  return [...content].length;
}

/** At most this many drafts per member (the oldest dropped; a busy member has a few conversations). */
export const MAX_DRAFTS = 50;

/** The draft of a reply to comment `repliedId` in the thread `key`. */
export function draftKey(threadKeyValue: string, repliedId: number): string {
  return `${threadKeyValue}>${repliedId}`;
}

/** The member's draft of this reply, if any. */
export function draftEntryOf(drafts: Drafts, username: string, key: string): Draft | undefined {
  const mine = Object.hasOwn(drafts, username) ? drafts[username] : undefined;
  return mine !== undefined && Object.hasOwn(mine, key) ? mine[key] : undefined;
}

export function draftOf(drafts: Drafts, username: string, key: string): string {
  return draftEntryOf(drafts, username, key)?.text ?? '';
}

/** Drafts with this text saved (blank text removes the draft). */
export function withDraft(drafts: Drafts, username: string, key: string, text: string, now: number): Drafts {
  const mine = { ...(Object.hasOwn(drafts, username) ? drafts[username] : {}) };
  if (text.trim() === '') delete mine[key];
  else mine[key] = { text, at: now };
  const keys = Object.keys(mine).sort((a, b) => (mine[b]?.at ?? 0) - (mine[a]?.at ?? 0));
  for (const dropped of keys.slice(MAX_DRAFTS)) delete mine[dropped];
  const next = { ...drafts, [username]: mine };
  if (Object.keys(mine).length === 0) delete next[username];
  return next;
}

/** Drafts without this one (after the reply was posted). */
export function withoutDraft(drafts: Drafts, username: string, key: string): Drafts {
  const mine = Object.hasOwn(drafts, username) ? drafts[username] : undefined;
  if (mine === undefined || !Object.hasOwn(mine, key)) return drafts;
  const rest = { ...mine };
  delete rest[key];
  const next = { ...drafts, [username]: rest };
  if (Object.keys(rest).length === 0) delete next[username];
  return next;
}
