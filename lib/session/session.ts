/**
 * The member's session, held by the background: read from the site's session endpoint with the
 * browser's cookies and `X-Requested-With`, as the site itself does. The token lives only here (in
 * memory and in `storage.session`); other contexts get `whoami` (username, id, avatar), never the token.
 *
 * It is read on browser start (with no request when the session cookie is gone: no cookie, no
 * session), when the session or CSRF cookie of the site changes (debounced: cookie events come in
 * bursts), and once when the API refuses the token. Signed out is a normal
 * state. Listeners of `onChange` hear every sign-in, sign-out and switch of account.
 *
 * A session is kept with a digest of the session cookie it was read with. When a re-read after a
 * cookie change fails (the site down, the client pausing after a 429), or the worker stopped before
 * it could re-read, the next use compares that digest with the cookie (no request) and re-reads on a
 * mismatch: the previous member's session is never used under the next member's cookie.
 */

import type { SessionUser, StoredSession } from '@/lib/session/session-model';
import type { ApiAuth } from '../api/client';
import type { HttpClient } from '../api/http';
import { sessionSchema } from '../api/schemas';

/** The cookies of the site that mark a login or logout. */
export const SESSION_COOKIE = 'scratchsessionsid';
export const CSRF_COOKIE = 'scratchcsrftoken';

/** Reads the site's cookies. The extension uses the cookies API; tests use a jar of their own. */
export interface SiteCookies {
  get(name: string): Promise<string | undefined>;
  /** Only outside a browser: the `Cookie` header to send (Node's fetch has no cookie store). */
  header?(): Promise<string | undefined>;
}

/** Where the session survives a service-worker restart (`storage.session` in the extension). */
export interface SessionStore {
  getValue(): Promise<StoredSession | null>;
  setValue(value: StoredSession | null): Promise<void>;
}

export type SessionListener = (user: SessionUser | null, previous: SessionUser | null) => void;

export interface SessionOptions {
  /** Origin of the site pages (the session endpoint is `{site}/session/`). */
  site: string;
  http: HttpClient;
  cookies: SiteCookies;
  /** `sessionItem` of ./session-storage.ts in the extension (storage.session); memory in tests. */
  store: SessionStore;
  now?: () => number;
  /** Quiet time after the last cookie change before the session is re-read (default 500 ms). */
  cookieDebounceMs?: number;
  /** After a login the session can lag behind the cookie: re-reads with a doubling delay (default 1 s, 3 times). */
  loginRetryDelayMs?: number;
  loginRetries?: number;
  /** A refused token re-reads the session at most once per this interval (default 10 s). */
  unauthorizedRefreshIntervalMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Session implements ApiAuth {
  private readonly site: string;
  private readonly http: HttpClient;
  private readonly cookies: SiteCookies;
  private readonly store: SessionStore;
  private readonly now: () => number;
  private readonly cookieDebounceMs: number;
  private readonly loginRetryDelayMs: number;
  private readonly loginRetries: number;
  private readonly unauthorizedRefreshIntervalMs: number;
  private readonly listeners = new Set<SessionListener>();
  /** The known state; undefined until loaded from the store or read from the site. */
  private state: StoredSession | undefined;
  /** The read in flight, and the cookie generation it started in. */
  private reading: { generation: number; result: Promise<StoredSession> } | undefined;
  /** Bumped on every change of the session or CSRF cookie: a read older than that may be stale. */
  private cookieGeneration = 0;
  private loading: Promise<StoredSession | null> | undefined;
  /**
   * Whether `state` is known to belong to the current session cookie: set by a read, or by one
   * comparison of digests in this worker's life; cleared by every cookie change.
   */
  private verified = false;
  private cookieTimer: ReturnType<typeof setTimeout> | undefined;
  private lastUnauthorizedRefresh = Number.NEGATIVE_INFINITY;

  constructor(options: SessionOptions) {
    this.site = options.site.replace(/\/$/, '');
    this.http = options.http;
    this.cookies = options.cookies;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.cookieDebounceMs = options.cookieDebounceMs ?? 500;
    this.loginRetryDelayMs = options.loginRetryDelayMs ?? 1000;
    this.loginRetries = options.loginRetries ?? 3;
    this.unauthorizedRefreshIntervalMs = options.unauthorizedRefreshIntervalMs ?? 10_000;
  }

  /** The signed-in member (no token), or null when signed out. Reads the site only when unknown. */
  async whoami(): Promise<SessionUser | null> {
    const state = await this.current();
    return state.state === 'signed-in' ? { ...state.user } : null;
  }

  /** Called on every sign-in, sign-out and change of account. Returns the unsubscribe function. */
  onChange(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The known session: from memory, else from the store, else read from the site. A known session
   * not yet checked against the session cookie is re-read when the cookie is not the one it was read
   * with (while a burst of cookie changes settles, the debounced re-read is left to come).
   */
  async current(): Promise<StoredSession> {
    const known = this.state ?? (await this.loadStored());
    if (known === null) return this.readUnlessCookieGone(undefined);
    if (this.verified) return known;
    // While a burst of cookie changes settles, the debounced re-read is left to come; but a session
    // cookie already gone is a sign-out known now: the old token must not go out meanwhile (a page
    // opened right after signing out would act, and be refused, with it). And another member's
    // cookie is a switch known now: the previous member is read at once, not answered for the next
    // (a popup opened right after the switch would show the previous member's name).
    if (this.cookieTimer !== undefined)
      return known.state === 'signed-in' ? this.unlessCookieChanged(known) : known;
    const generation = this.cookieGeneration;
    const mark = await this.currentCookieMark();
    // A cookie that cannot be read leaves nothing to compare: the known session stands, as it did
    // before digests were kept.
    if (mark === null || known.cookieMark === mark) {
      if (this.state === known && this.cookieGeneration === generation) this.verified = true;
      return known;
    }
    return this.readUnlessCookieGone(mark);
  }

  /**
   * `known` (a signed-in member), unless the session cookie is gone: then signed out, kept and told
   * with no request; or is another than the one `known` was read under: then read now.
   */
  private async unlessCookieChanged(known: StoredSession): Promise<StoredSession> {
    const generation = this.cookieGeneration;
    const mark = await this.currentCookieMark();
    if (mark !== '') {
      // Nothing to compare (the cookie cannot be read, or the session was kept without its digest).
      const sameCookie = mark === null || known.cookieMark === undefined || known.cookieMark === mark;
      return sameCookie ? known : this.refresh();
    }
    // Another caller may have kept it meanwhile: one change, told once.
    if (this.state?.state === 'signed-out') return this.state;
    const next: StoredSession = { state: 'signed-out', readAt: this.now(), cookieMark: '' };
    await this.keep(next, generation);
    return next;
  }

  /**
   * Without its session cookie the site has no session to give: signed out, known with no request
   * (a browser start that cleared the cookie, a sign-out while the worker was stopped). With a
   * cookie, or when the cookies API shows none (null), the site is asked. `mark`: the cookie's digest
   * if just taken.
   */
  private async readUnlessCookieGone(mark: string | null | undefined): Promise<StoredSession> {
    const generation = this.cookieGeneration;
    const now = mark === undefined ? await this.currentCookieMark() : mark;
    if (now !== '' || this.reading !== undefined || this.cookieGeneration !== generation)
      return this.refresh();
    const next: StoredSession = { state: 'signed-out', readAt: this.now(), cookieMark: '' };
    await this.keep(next, generation);
    return next;
  }

  /**
   * The signed-in member (no token) with the digest of the session cookie the session was read
   * under, for `memberItem` and its mark (./member-item.ts).
   */
  async member(): Promise<{ user: SessionUser | null; cookieMark: string | null }> {
    const state = await this.current();
    return {
      user: state.state === 'signed-in' ? { ...state.user } : null,
      cookieMark: state.cookieMark ?? null,
    };
  }

  private async loadStored(): Promise<StoredSession | null> {
    this.loading ??= this.store.getValue().finally(() => {
      this.loading = undefined;
    });
    const stored = await this.loading;
    // A read that finished meanwhile is newer than the stored value.
    if (this.state !== undefined) return this.state;
    if (stored !== null) this.state = stored;
    return stored;
  }

  /**
   * The digest of the session cookie now; null when the cookies API refuses (Firefox asks for a
   * `firstPartyDomain` under first-party isolation, for one).
   */
  async currentCookieMark(): Promise<string | null> {
    try {
      return await cookieMark(await this.cookies.get(SESSION_COOKIE));
    } catch (error) {
      console.warn('[companion] the session cookie could not be read:', describeError(error));
      return null;
    }
  }

  /**
   * Reads the session from the site now. Concurrent calls share one read, unless that read started
   * before the latest cookie change: its answer may predate a sign-out or a switch of account, so a
   * fresh read follows it (in order, so the newer answer is the one that stays).
   */
  refresh(): Promise<StoredSession> {
    const generation = this.cookieGeneration;
    const inFlight = this.reading;
    if (inFlight !== undefined && inFlight.generation >= generation) return inFlight.result;
    const after = inFlight?.result.catch(() => undefined) ?? Promise.resolve();
    const reading = {
      generation,
      result: after
        .then(() => this.read())
        .finally(() => {
          if (this.reading === reading) this.reading = undefined;
        }),
    };
    this.reading = reading;
    return reading.result;
  }

  // --- ApiAuth -------------------------------------------------------------------------------------

  async token(): Promise<string | null> {
    const state = await this.current();
    return state.state === 'signed-in' ? state.token : null;
  }

  async refreshAfterUnauthorized(rejectedToken: string): Promise<string | null> {
    const state = await this.current();
    // Someone already refreshed: use what they found.
    if (state.state === 'signed-in' && state.token !== rejectedToken) return state.token;
    if (state.state === 'signed-out') return null;
    // Once per 401, not a storm: soon after a re-read that still gave this token, that is the answer.
    if (
      this.reading === undefined &&
      this.now() - this.lastUnauthorizedRefresh < this.unauthorizedRefreshIntervalMs
    ) {
      return state.token;
    }
    this.lastUnauthorizedRefresh = this.now();
    const fresh = await this.refresh();
    return fresh.state === 'signed-in' ? fresh.token : null;
  }

  csrfToken(): Promise<string | undefined> {
    return this.cookies.get(CSRF_COOKIE);
  }

  cookieHeader(): Promise<string | undefined> {
    return this.cookies.header?.() ?? Promise.resolve(undefined);
  }

  // --- Cookie watch ----------------------------------------------------------------------------------

  /**
   * Feed every `cookies.onChanged` event here (the background registers the listener synchronously
   * at start). Changes of the session or CSRF cookie of the site re-read the session once the burst
   * is over.
   */
  handleCookieChange(change: { cookie: { name: string; domain: string } }): void {
    const { name, domain } = change.cookie;
    if (name !== SESSION_COOKIE && name !== CSRF_COOKIE) return;
    if (!cookieDomainMatches(domain, new URL(this.site).hostname)) return;
    this.cookieGeneration++;
    this.verified = false;
    clearTimeout(this.cookieTimer);
    this.cookieTimer = setTimeout(() => {
      this.cookieTimer = undefined;
      void this.refreshAfterCookieChange().catch((error: unknown) => {
        console.warn('[companion] session read after a cookie change failed:', describeError(error));
      });
    }, this.cookieDebounceMs);
  }

  /**
   * After a login the site's session endpoint can answer "signed out" for a moment although the
   * session cookie is set; the site retries with a doubling delay, and so do we.
   */
  private async refreshAfterCookieChange(): Promise<void> {
    // A sign-out needs no read: without its cookie the site has no session to give.
    let state = await this.readUnlessCookieGone(undefined);
    let delay = this.loginRetryDelayMs;
    for (let retry = 0; retry < this.loginRetries && state.state === 'signed-out'; retry++) {
      if ((await this.cookies.get(SESSION_COOKIE)) === undefined) return;
      await sleep(delay);
      delay *= 2;
      state = await this.refresh();
    }
  }

  // --- Internals -------------------------------------------------------------------------------------

  private async read(): Promise<StoredSession> {
    const generation = this.cookieGeneration;
    // Taken before the request: the answer belongs to the cookie the request was sent with.
    const mark = await this.currentCookieMark();
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    const cookie = await this.cookies.header?.();
    if (cookie !== undefined) headers.Cookie = cookie;
    const body = await this.http.json(
      { url: `${this.site}/session/`, headers, credentials: 'include', cache: 'no-store' },
      sessionSchema,
    );
    const readAt = this.now();
    // An answer that predates a change of cookie is not believed when the session cookie is gone
    // since: it was read with a session that has ended.
    const ended = generation !== this.cookieGeneration && (await this.currentCookieMark()) === '';
    const user = ended ? null : body.user;
    const next: StoredSession =
      user === null || user === undefined
        ? { state: 'signed-out', readAt, ...(mark === null ? {} : { cookieMark: mark }) }
        : {
            state: 'signed-in',
            token: user.token,
            readAt,
            user: { id: user.id, username: user.username, avatarUrl: this.avatarUrl(user.thumbnailUrl) },
            ...(mark === null ? {} : { cookieMark: mark }),
          };
    await this.keep(next, generation);
    return next;
  }

  /** Makes `next` the known session, read in cookie generation `generation`, and tells the listeners. */
  private async keep(next: StoredSession, generation: number): Promise<void> {
    const previous = this.state ?? (await this.store.getValue());
    this.state = next;
    // A cookie change during the read leaves it unverified: the debounced re-read follows.
    this.verified = this.cookieGeneration === generation;
    await this.store.setValue(next);
    this.notify(previous, next);
  }

  /** The session's thumbnail URL is often protocol-relative (`//cdn2...`): resolve it against the site. */
  private avatarUrl(thumbnailUrl: string | undefined): string {
    if (thumbnailUrl === undefined || thumbnailUrl === '') return '';
    try {
      return new URL(thumbnailUrl, `${this.site}/`).href;
    } catch {
      return '';
    }
  }

  private notify(previous: StoredSession | null, next: StoredSession): void {
    const before = previous?.state === 'signed-in' ? previous.user : null;
    const after = next.state === 'signed-in' ? next.user : null;
    if (before?.id === after?.id && before?.username === after?.username) return;
    for (const listener of this.listeners) {
      try {
        listener(after === null ? null : { ...after }, before === null ? null : { ...before });
      } catch (error) {
        console.error('[companion] session listener failed:', error);
      }
    }
  }
}

/**
 * A digest of the session cookie's value ('' without one): enough to tell another cookie, and the
 * cookie itself is not kept beside the token.
 */
export async function cookieMark(value: string | undefined): Promise<string> {
  if (value === undefined) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  const bytes = new Uint8Array(digest).slice(0, 12);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Cookie domains may start with a dot and cover subdomains. */
export function cookieDomainMatches(cookieDomain: string, host: string): boolean {
  const domain = cookieDomain.replace(/^\./, '').toLowerCase();
  const h = host.toLowerCase();
  return h === domain || h.endsWith(`.${domain}`);
}

/** The site's cookies through the WebExtension cookies API (the background's `SiteCookies`). */
export function browserSiteCookies(site: string): SiteCookies {
  return {
    async get(name) {
      const cookie = await browser.cookies.get({ url: `${site.replace(/\/$/, '')}/`, name });
      return cookie?.value ?? undefined;
    },
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
