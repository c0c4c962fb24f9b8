/**
 * The sources the explore service serves, as the protocol's declaration checks them
 * (./explore-protocol.ts): what crosses the boundary is a source the service knows, with sane
 * values (a search's query trimmed and cut). Pure, no zod: the declaration wraps these.
 */
import { EXPLORE_SORTS, EXPLORE_TAGS } from './explore-keys-model';
import type { DetailSource, ListSource } from './explore-model';

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
/** Site usernames: letters, digits, `_` and `-`. */
const isUsername = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(value);
const isLanguage = (value: unknown): value is string =>
  typeof value === 'string' && (value === '*' || /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(value));
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
const KINDS = ['projects', 'studios'] as const;
const USER_LISTS = ['user-projects', 'favorites', 'curated', 'followers', 'following'] as const;
/** Longer queries are cut: nobody types more into a popup's search field. */
export const MAX_QUERY_LENGTH = 200;

/** A list source from a message, or null when it is not one the service serves. */
export function validListSource(value: unknown): ListSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v.source) {
    case 'explore':
      if (!oneOf(KINDS, v.kind) || !oneOf(EXPLORE_TAGS, v.tag) || !oneOf(EXPLORE_SORTS, v.mode)) return null;
      if (!isLanguage(v.language)) return null;
      return { source: 'explore', kind: v.kind, tag: v.tag, mode: v.mode, language: v.language };
    case 'search':
      if (!oneOf(KINDS, v.kind) || !oneOf(EXPLORE_SORTS, v.mode) || !isLanguage(v.language)) return null;
      if (typeof v.query !== 'string' || v.query.trim() === '') return null;
      return {
        source: 'search',
        kind: v.kind,
        query: v.query.trim().slice(0, MAX_QUERY_LENGTH),
        mode: v.mode,
        language: v.language,
      };
    case 'remixes':
    case 'project-studios':
      return isId(v.projectId) ? { source: v.source, projectId: v.projectId } : null;
    case 'studio-comments':
      return isId(v.studioId) ? { source: 'studio-comments', studioId: v.studioId } : null;
    case 'comment-replies':
      return isId(v.studioId) && isId(v.commentId)
        ? { source: 'comment-replies', studioId: v.studioId, commentId: v.commentId }
        : null;
    default:
      return oneOf(USER_LISTS, v.source) && isUsername(v.username)
        ? { source: v.source, username: v.username }
        : null;
  }
}

/** A view's subject from a message, or null. */
export function validDetailSource(value: unknown): DetailSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.detail === 'project' && isId(v.id)) return { detail: 'project', id: v.id };
  if (v.detail === 'studio' && isId(v.id)) return { detail: 'studio', id: v.id };
  if (v.detail === 'user' && isUsername(v.username)) return { detail: 'user', username: v.username };
  return null;
}
