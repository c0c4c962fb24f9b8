/**
 * What the member does on the site from the Messages tab or a notification, and how it went:
 * marking every message read, accepting a curator invitation. Types only, for the popup and the
 * background alike (no zod, no browser).
 */
import type { ListError } from '@/lib/cached-list/cached-list';

/** How one of the site's own writes went. */
export type SiteActionOutcome =
  | { ok: true }
  /** The site answered without saying it took it: nothing changed (an invitation no longer valid). */
  | { ok: false; kind: 'refused' }
  | { ok: false; kind: 'failed'; error: ListError }
  /** Asked for another member than the one signed in now: nothing sent. */
  | { ok: false; kind: 'other-member' };

/** Curator invitations accepted, kept per member: the newest this many (studio ids). */
export const MAX_ACCEPTED_INVITES = 20;
