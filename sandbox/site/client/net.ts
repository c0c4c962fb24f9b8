/**
 * What every page script shares: the origins the server injected into the shell, the session
 * (read once per page load, as the live site does) and fetch helpers for the REST interface.
 * Every request carries a timeout.
 */
export interface Origins {
  site: string;
  api: string;
  translate: string;
  synthesis: string;
  uploads: string;
}

export interface PageConfig {
  origins: Origins;
  /** What the server knew from the URL: page kind and its parameters. */
  page: Record<string, string>;
}

export interface SessionUser {
  id: number;
  username: string;
  token: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

let cachedConfig: PageConfig | undefined;

export function pageConfig(): PageConfig {
  if (!cachedConfig) {
    const text = document.getElementById('site-config')?.textContent ?? '{}';
    cachedConfig = JSON.parse(text) as PageConfig;
  }
  return cachedConfig;
}

export const origins = (): Origins => pageConfig().origins;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} for ${url}`);
  }
}

let sessionPromise: Promise<SessionUser | null> | undefined;

/** The signed-in user, or null. Read once per page load from `/session/`. */
export function session(): Promise<SessionUser | null> {
  sessionPromise ??= (async () => {
    try {
      const response = await fetch('/session/', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'same-origin',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { user?: Partial<SessionUser> };
      const user = body.user;
      if (!user || typeof user.username !== 'string' || typeof user.token !== 'string') return null;
      return { id: Number(user.id), username: user.username, token: user.token };
    } catch {
      return null;
    }
  })();
  return sessionPromise;
}

/** The `scratchcsrftoken` cookie, sent back as `X-CSRFToken` on writes. */
export function csrfToken(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'scratchcsrftoken') return decodeURIComponent(rest.join('='));
  }
  return '';
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET on the REST interface (cross-origin), with the session's token when there is one. */
export async function apiGet<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const user = await session();
  const url = `${origins().api}${path}${query(params)}`;
  const response = await fetch(url, {
    headers: user ? { 'X-Token': user.token } : {},
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new HttpError(response.status, url);
  return (await response.json()) as T;
}

/** POST or DELETE on the REST interface: token, CSRF header and cookies, as the live site sends. */
export async function apiWrite<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const user = await session();
  const url = `${origins().api}${path}`;
  const headers: Record<string, string> = { 'X-CSRFToken': csrfToken() };
  if (user) headers['X-Token'] = user.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new HttpError(response.status, url);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** JSON from the site's own endpoints (same origin, cookies; writes with the CSRF header). */
export async function siteRequest<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  params: Record<string, string | number | undefined> = {},
  body?: unknown,
): Promise<T> {
  const url = `${path}${query(params)}`;
  const response = await fetch(url, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(method === 'GET' ? {} : { 'X-CSRFToken': csrfToken() }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new HttpError(response.status, url);
  return (await response.json()) as T;
}

export const projectThumbnail = (id: number | string): string =>
  `${origins().uploads}/projects/thumbnails/${encodeURIComponent(String(id))}.png`;

export const avatar = (userId: number | string): string =>
  `${origins().uploads}/users/avatars/${encodeURIComponent(String(userId))}.png`;

/** An image URL from remote data, only if it is http(s) (or protocol-relative); otherwise the fallback. */
export function safeImageUrl(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const url = value.startsWith('//') ? `${location.protocol}${value}` : value;
  return /^https?:\/\//i.test(url) ? url : fallback;
}
