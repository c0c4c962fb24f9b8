/**
 * The one notification a member gets for what came while they were away (a browser restart, or a
 * long absence with the browser open): "5 new messages while you were away" over "3 comments and
 * 2 loves". Kinds are counted in the site's words, the largest first, a few at most, then "and N
 * other messages". Text only: it goes into a desktop notification, never into HTML.
 */
import type { Message } from '@/lib/api/schemas';
import { plural, uiLanguage } from '@/lib/i18n';

/** Kinds named in the summary; the messages of the others are counted as "and N other messages". */
export const MAX_KINDS_NAMED = 3;

/**
 * The kinds a summary counts, in the order they are listed when their counts tie. Studio messages
 * (invitations, promotions, activity) are one kind, as the site's Studios filter shows them.
 */
export const AWAY_KINDS = [
  'comments',
  'loves',
  'favorites',
  'remixes',
  'followers',
  'studios',
  'forums',
  'other',
] as const;
export type AwayKind = (typeof AWAY_KINDS)[number];

export function awayKindOf(message: Message): AwayKind {
  switch (message.type) {
    case 'addcomment':
      return 'comments';
    case 'loveproject':
      return 'loves';
    case 'favoriteproject':
      return 'favorites';
    case 'remixproject':
      return 'remixes';
    case 'followuser':
      return 'followers';
    case 'curatorinvite':
    case 'becomeownerstudio':
    case 'becomehoststudio':
    case 'studioactivity':
      return 'studios';
    case 'forumpost':
      return 'forums';
    default:
      return 'other';
  }
}

/** How many messages of each kind, the largest first (ties in `AWAY_KINDS` order). */
export function countByKind(messages: readonly Message[]): { kind: AwayKind; count: number }[] {
  const counts = new Map<AwayKind, number>();
  for (const message of messages) {
    const kind = awayKindOf(message);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return AWAY_KINDS.flatMap((kind) => {
    const count = counts.get(kind);
    return count === undefined ? [] : [{ kind, count }];
  }).sort((a, b) => b.count - a.count);
}

let lists: { language: string; format: Intl.ListFormat } | undefined;
/** "3 comments and 2 loves": the language's own list, its own "and". */
function listOf(parts: string[]): string {
  const language = uiLanguage();
  if (lists?.language !== language) {
    lists = { language, format: new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }) };
  }
  return lists.format.format(parts);
}

/**
 * The title and the line of the while-away notification for `messages` (at least one): the kinds
 * named, then the rest (messages of further kinds, and of kinds Companion does not know) as "N other
 * messages".
 */
export function awaySummary(messages: readonly Message[]): { title: string; message: string } {
  const kinds = countByKind(messages).filter(({ kind }) => kind !== 'other');
  const named = kinds.slice(0, MAX_KINDS_NAMED);
  const rest = messages.length - named.reduce((sum, { count }) => sum + count, 0);
  const parts = named.map(({ kind, count }) => plural(`notify.away.${kind}`, count));
  if (rest > 0) parts.push(plural('notify.away.other', rest));
  return { title: plural('notify.away.title', messages.length), message: listOf(parts) };
}
