/**
 * The Messages tab's rows: which messages read as one row, so that a member with 200 new messages
 * reads a screenful of rows, not 200. Pure (no zod, no browser), for the popup and its tests.
 *
 * - Follows group into one row ("alice, bob and 3 others followed you").
 * - Loves, favorites and remixes of one of the member's projects group by kind ("… loved Cats").
 * - Studio activity groups by studio, forum posts by topic, each with its count.
 * - Comments, invitations and everything else stay one row each: each asks something of the member.
 *
 * A group sits where its newest message is. Unread and read messages never share a row, so a row
 * marked "New" holds new messages only and never hides read ones behind its mark. A group of one is
 * a plain row. The rows are built from the messages the tab shows (after the filter, the mutes and
 * the search), so a group holds only those: its count is what opening it shows.
 */
import type { Message } from '@/lib/api/schemas';

export type GroupableType =
  | 'followuser'
  | 'loveproject'
  | 'favoriteproject'
  | 'remixproject'
  | 'studioactivity'
  | 'forumpost';

/** What a group's messages are about: a project, a studio or a forum topic; none for follows. */
export interface GroupAbout {
  id: number;
  title: string;
}

export interface MessageGroup {
  kind: 'group';
  type: GroupableType;
  about: GroupAbout | null;
  /** Newest first; at least two. */
  messages: Message[];
  /** Distinct actors, newest first. */
  actors: string[];
  unread: boolean;
}

export type MessageRow = { kind: 'single'; message: Message; unread: boolean } | MessageGroup;

/** What a message groups by, or null for a message that stays a row of its own. */
export function groupOf(message: Message): { type: GroupableType; about: GroupAbout | null } | null {
  switch (message.type) {
    case 'followuser':
      return { type: message.type, about: null };
    case 'loveproject':
      return {
        type: message.type,
        about: { id: message.project_id, title: message.title ?? message.project_title ?? '' },
      };
    case 'favoriteproject':
      return {
        type: message.type,
        about: { id: message.project_id, title: message.project_title ?? message.title ?? '' },
      };
    case 'remixproject':
      // A remix is about the member's project: its parent.
      return { type: message.type, about: { id: message.parent_id, title: message.parent_title } };
    case 'studioactivity':
      return {
        type: message.type,
        about: { id: message.gallery_id, title: message.title ?? message.gallery_title ?? '' },
      };
    case 'forumpost':
      return { type: message.type, about: { id: message.topic_id, title: message.topic_title } };
    default:
      return null;
  }
}

/** The rows of `items` (newest first), the ids in `unread` marked. */
export function groupMessages(items: readonly Message[], unread: ReadonlySet<number>): MessageRow[] {
  const rows: MessageRow[] = [];
  // Keyed by strings this module builds from numbers (never by remote text).
  const groups = new Map<string, MessageGroup>();
  for (const message of items) {
    const isUnread = unread.has(message.id);
    const of = groupOf(message);
    if (of === null) {
      rows.push({ kind: 'single', message, unread: isUnread });
      continue;
    }
    const key = `${isUnread ? 'u' : 'r'}:${of.type}:${of.about?.id ?? ''}`;
    const group = groups.get(key);
    if (group !== undefined) {
      group.messages.push(message);
      if (!group.actors.includes(message.actor_username)) group.actors.push(message.actor_username);
      continue;
    }
    const created: MessageGroup = {
      kind: 'group',
      ...of,
      messages: [message],
      actors: [message.actor_username],
      unread: isUnread,
    };
    groups.set(key, created);
    rows.push(created);
  }
  return rows.map((row) =>
    row.kind === 'group' && row.messages.length === 1
      ? { kind: 'single', message: row.messages[0] as Message, unread: row.unread }
      : row,
  );
}

/** Every message of a row. */
export function rowMessages(row: MessageRow): Message[] {
  return row.kind === 'group' ? row.messages : [row.message];
}

/** The type as sent of a row (a group's messages share theirs). */
export function rowType(row: MessageRow): string {
  if (row.kind === 'group') return row.type;
  return row.message.type === 'other' ? row.message.otherType : row.message.type;
}
