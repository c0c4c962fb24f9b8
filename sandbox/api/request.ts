/**
 * Reading a REST request: paging, ids, the token and the signed-in user. Failures throw ApiError,
 * which the routes' error handler turns into the live JSON bodies (errors.ts).
 *
 * Paging: `limit` 1..40 (default 20), `offset` >= 0 (default 0). A `limit` above 40 (or any other
 * malformed value) is a 400 with a JSON body, not a silent clamp: a client asking for more than the
 * documented maximum has a bug worth seeing.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Id, User } from '../model';
import { CSRF_COOKIE, SESSION_COOKIE } from '../session-routes';
import type { Store } from '../store';

export const MAX_LIMIT = 40;
export const DEFAULT_LIMIT = 20;

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404,
    readonly code: string,
    message = '',
  ) {
    super(message);
  }
}

export const notFoundError = () => new ApiError(404, 'NotFound');

export interface Paging {
  limit: number;
  offset: number;
}

function integerParam(c: Context, name: string, fallback: number, min: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ApiError(400, 'BadRequest', `${name} must be a non-negative integer`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ApiError(400, 'BadRequest', `${name} must be between ${min} and ${max}`);
  return value;
}

export function paging(c: Context): Paging {
  return {
    limit: integerParam(c, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    offset: integerParam(c, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

export function page<T>(items: readonly T[], { limit, offset }: Paging): T[] {
  return items.slice(offset, offset + limit);
}

/** A numeric path id; anything else is a 400. */
export function idParam(c: Context, name: string): Id {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(400, 'BadRequest', `${name} must be a numeric id`);
  return Number(raw);
}

export function userParam(c: Context, store: Store, name = 'username'): User {
  const user = store.getUser(c.req.param(name) ?? '');
  if (!user) throw notFoundError();
  return user;
}

/** The user of the request's token (`X-Token` header, or the `x-token` query parameter), or null. */
export function tokenUser(c: Context, store: Store): User | null {
  return store.tokenUser(c.req.header('x-token') ?? c.req.query('x-token'));
}

/** A valid token is required (401), and it must belong to `owner` when given (403). */
export function requireToken(c: Context, store: Store, owner?: User): User {
  const user = tokenUser(c, store);
  if (!user) throw new ApiError(401, 'Unauthorized');
  if (owner && owner.id !== user.id) throw new ApiError(403, 'Forbidden');
  return user;
}

/**
 * Writes through the proxy need the token (401), the session cookie of the same user and an
 * `X-CSRFToken` header equal to the `scratchcsrftoken` cookie (403 otherwise).
 */
export function requireWriter(c: Context, store: Store): User {
  const user = requireToken(c, store);
  const sessionUser = store.sessionUser(getCookie(c, SESSION_COOKIE));
  if (!sessionUser || sessionUser.id !== user.id)
    throw new ApiError(403, 'Forbidden', 'session cookie missing or for another user');
  const cookie = getCookie(c, CSRF_COOKIE);
  const header = c.req.header('x-csrftoken');
  if (!cookie || !header || cookie !== header)
    throw new ApiError(403, 'Forbidden', 'CSRF token missing or incorrect');
  return user;
}
