/**
 * The HTTP layer every request of the extension goes through: a timeout on every attempt (10 s by
 * default, counted from when the request leaves, not while it waits its turn), the client-wide rate
 * limit (a turn waited for at most `maxQueueWaitMs`), retries with exponential backoff and jitter
 * for network errors and 5xx on GET only (not timeouts: see `send`), `Retry-After` honoured on 429
 * (and every other request held back meanwhile, at most `maxRetryAfterMs`), identical GETs in
 * flight shared, statuses mapped to typed errors, and bodies validated with zod. A request that gets
 * no answer from a path whose last answer was a 500/503/509 is that failure again, not "offline":
 * Chromium holds an extension's requests back after such answers and fails them without sending.
 *
 * Hand-written rather than `ky`: ky's timeout would also count the time a request waits for the rate
 * limiter, retries would bypass a limiter placed in front of it, and in-flight sharing, the global
 * pause after a 429 and the typed errors would still have to be written around it.
 *
 * Requests that carry the member's credentials (`X-Token`, `X-CSRFToken`, cookies) never follow a
 * redirect: `fetch` keeps custom headers on a redirect to another origin, so the token would go
 * wherever the answer pointed. Such an answer fails with `Redirected` (see `redirectMode`).
 *
 * `fetch` is injectable: the extension uses the browser's; tests and the benchmark use Node's.
 */
import { singleFlight } from '@/lib/concurrency/single-flight';
import {
  Forbidden,
  InvalidResponse,
  Network,
  NotFound,
  RateLimited,
  Redirected,
  ServerError,
  Timeout,
  Unauthorized,
  UnexpectedStatus,
} from './errors';
import { LimiterWaitTooLong, type RequestLimiter, SlidingWindowLimiter } from './rate-limiter';
import type { z } from './zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** What one request cost: for counters in tests and the benchmark. */
export interface HttpAttempt {
  method: HttpMethod;
  url: string;
  attempt: number;
}

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** Per attempt; 10 s by default. */
  timeoutMs?: number;
  /** The client-wide limit; `null` for none (only the benchmark's naive client). */
  limiter?: RequestLimiter | null;
  /** Share identical GETs in flight (default true). */
  shareInFlight?: boolean;
  /** Retries of a GET after a network error, 5xx or 429 (default 3). */
  retries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * A longer `Retry-After` is not waited for: the request fails with `RateLimited` at once, and the
   * rest of the client is held back for this long only (default 60 s).
   */
  maxRetryAfterMs?: number;
  /**
   * Longest a request waits for its turn under the client-wide limit (default 60 s); one that would
   * wait longer fails with `RateLimited` (the timeout only starts once a request leaves).
   */
  maxQueueWaitMs?: number;
  random?: () => number;
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** Whether the browser says it is online (default `navigator.onLine`, true where unknown). */
  isOnline?: () => boolean;
  /** Called as each attempt leaves. */
  onAttempt?: (attempt: HttpAttempt) => void;
}

/** What parsing a list gives: the valid items, and how many the service sent in all. */
export interface ParsedList<T> {
  items: T[];
  /** Items in the response, valid or not: a full page may have a successor. */
  received: number;
  /** Items dropped because they did not match the schema. */
  dropped: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Statuses after which Chromium holds back an extension's further requests to the same path for a
 * while (its extension request throttle: 500, 503 and 509, with a backoff growing from 0.7 s to at
 * most 15 minutes), failing each one held back like a request that never got an answer.
 */
const HELD_BACK_AFTER = new Set([500, 503, 509]);
/** The statuses `fetch` follows (304 is not one: it answers a conditional request). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that hold the member's credentials (lower case). */
const CREDENTIAL_HEADERS = new Set(['x-token', 'x-csrftoken', 'cookie']);

/**
 * `manual` for a request that carries the member's credentials: a header of `CREDENTIAL_HEADERS`
 * or the browser's cookies (`credentials: 'include'`); `follow` for a public read, which has nothing
 * of the member's to give away (no endpoint Companion reads is known to redirect; following keeps
 * such a read working should the site move one).
 */
export function redirectMode(request: HttpRequest): RequestRedirect {
  if (request.credentials === 'include') return 'manual';
  const names = Object.keys(request.headers ?? {}).map((name) => name.toLowerCase());
  return names.some((name) => CREDENTIAL_HEADERS.has(name)) ? 'manual' : 'follow';
}

/** Chromium's longest hold: a failure without an answer later than this is not its doing. */
const HELD_BACK_AT_MOST_MS = 15 * 60_000;
/** Paths whose last answer is remembered (the oldest forgotten first). */
const REMEMBERED_PATHS = 64;

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A short, readable summary of zod issues (the first few, with their paths). */
export function summarizeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > max ? ` (+${error.issues.length - max} more)` : '';
  return parts.join('; ') + more;
}

export class HttpClient {
  private readonly fetchImpl: typeof fetch;
  private timeoutMs: number;
  private readonly defaultTimeoutMs: number;
  /** A factor on the backoff between attempts: 1, but in a tuned development install (tests). */
  private backoffScale = 1;
  private readonly limiter: RequestLimiter | null;
  private readonly shareInFlight: boolean;
  private readonly retries: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly maxQueueWaitMs: number;
  private readonly random: () => number;
  private readonly onAttempt: ((attempt: HttpAttempt) => void) | undefined;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  /** Paths whose last answer was a status after which the browser may hold requests back. */
  private readonly lastServerFailure = new Map<string, { status: number; at: number }>();
  /** Identical GETs under way: a second one joins the first. */
  private readonly inFlight = singleFlight<HttpResponse>();

  constructor(options: HttpClientOptions = {}) {
    // Bound: a bare `fetch` reference called as a method of another object throws in browsers.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.defaultTimeoutMs = this.timeoutMs;
    this.limiter = options.limiter === undefined ? new SlidingWindowLimiter() : options.limiter;
    this.shareInFlight = options.shareInFlight ?? true;
    this.retries = options.retries ?? 3;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.backoffMaxMs = options.backoffMaxMs ?? 8_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.maxQueueWaitMs = options.maxQueueWaitMs ?? 60_000;
    this.random = options.random ?? Math.random;
    this.onAttempt = options.onAttempt;
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  }
  /**
   * Changes the per-attempt timeout from now on; `null` goes back to the constructor's. Only the
   * end-to-end tests use it (through lib/dev-tuning.ts: development installs only), so that a
   * timeout costs them seconds, not ten.
   */
  setTimeoutMs(ms: number | null): void {
    this.timeoutMs = ms !== null && ms > 0 ? ms : this.defaultTimeoutMs;
  }
  /**
   * Scales the backoff before retrying a 5xx or a network error from now on (0 < scale ≤ 1; not
   * Retry-After: that is the service's to say); `null` or anything else goes back to 1. Only the
   * end-to-end fault tests use it (through lib/dev-tuning.ts: development installs only), so that
   * the three retries of a failing read cost them a fraction of a second, not 3.5 s; how many there
   * are does not change.
   */
  setBackoffScale(scale: number | null): void {
    this.backoffScale = scale !== null && scale > 0 && scale <= 1 ? scale : 1;
  }

  /** Sends the request; resolves with a 2xx response, otherwise throws a typed error. */
  request(request: HttpRequest): Promise<HttpResponse> {
    const method = request.method ?? 'GET';
    if (method !== 'GET' || !this.shareInFlight) return this.send(request, method);
    return this.inFlight.run(requestKey(request), () => this.send(request, method));
  }

  /** Sends the request and validates its JSON body. */
  async json<S extends z.ZodType>(request: HttpRequest, schema: S): Promise<z.output<S>> {
    const response = await this.request(request);
    const body = parseJsonBody(response, request.url);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new InvalidResponse(summarizeIssues(parsed.error), { url: request.url, status: response.status });
    }
    return parsed.data;
  }

  /**
   * Sends the request and validates a JSON array item by item: one malformed item is dropped (and
   * counted), not the list. A body that is not an array, or a non-empty page where no item is
   * valid, is an `InvalidResponse`.
   */
  async jsonList<S extends z.ZodType>(request: HttpRequest, itemSchema: S): Promise<ParsedList<z.output<S>>> {
    const response = await this.request(request);
    const body = parseJsonBody(response, request.url);
    if (!Array.isArray(body)) {
      throw new InvalidResponse(`expected a list, got ${describe(body)}`, {
        url: request.url,
        status: response.status,
      });
    }
    const items: z.output<S>[] = [];
    let firstError: z.ZodError | undefined;
    for (const raw of body) {
      const parsed = itemSchema.safeParse(raw);
      if (parsed.success) items.push(parsed.data);
      else firstError ??= parsed.error;
    }
    if (firstError !== undefined) {
      if (items.length === 0) {
        throw new InvalidResponse(`no valid item: ${summarizeIssues(firstError)}`, {
          url: request.url,
          status: response.status,
        });
      }
      console.warn(
        `[companion] dropped ${body.length - items.length} malformed item(s) from ${stripQuery(request.url)}: ${summarizeIssues(firstError, 1)}`,
      );
    }
    return { items, received: body.length, dropped: body.length - items.length };
  }

  private async send(request: HttpRequest, method: HttpMethod): Promise<HttpResponse> {
    const retries = method === 'GET' ? this.retries : 0;
    for (let attempt = 0; ; attempt++) {
      const release = await this.acquire(request.url);
      let response: HttpResponse;
      try {
        // Inside the try: a throwing hook must not keep the limiter's slot forever.
        this.onAttempt?.({ method, url: request.url, attempt });
        response = await this.attempt(request, method);
      } catch (error) {
        release?.();
        // A `Timeout` is deliberately not retried, GET or not: the member has already waited the whole
        // timeout (10 s), and a retry would double that before they see an error; a service too slow
        // to answer in that time is most likely overloaded, and a retry adds to its load. Readers that
        // poll (the message count) try again at their next tick anyway.
        if (error instanceof Network && attempt < retries) {
          await sleep(this.backoff(attempt));
          continue;
        }
        throw this.heldBack(error, request.url) ?? error;
      }
      release?.();
      const { status } = response;
      this.rememberAnswer(request.url, status);
      if (status >= 200 && status < 300) return response;
      const url = request.url;
      if (status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
        // Hold back every request, not only this one: the limit is the service's, for the whole client.
        // Never longer than we would wait ourselves: an hour's Retry-After must not freeze the extension.
        if (retryAfterMs !== undefined) this.limiter?.pauseFor(Math.min(retryAfterMs, this.maxRetryAfterMs));
        if (attempt < retries && (retryAfterMs === undefined || retryAfterMs <= this.maxRetryAfterMs)) {
          await sleep(retryAfterMs ?? this.backoff(attempt));
          continue;
        }
        throw new RateLimited('The service asks to slow down. Try again in a moment.', { url, retryAfterMs });
      }
      if (status >= 500) {
        if (attempt < retries) {
          await sleep(this.backoff(attempt));
          continue;
        }
        throw new ServerError(`The service failed (status ${status}).`, { url, status });
      }
      if (status === 404) throw new NotFound('Not found.', { url, status });
      if (status === 401) throw new Unauthorized('Not signed in, or the session expired.', { url, status });
      if (status === 403) throw new Forbidden('Not allowed.', { url, status });
      throw new UnexpectedStatus(`Unexpected status ${status}.`, { url, status });
    }
  }

  /** Remembers whether `url`'s path last answered with a status after which the browser holds back. */
  private rememberAnswer(url: string, status: number): void {
    const path = pathOf(url);
    this.lastServerFailure.delete(path);
    if (!HELD_BACK_AFTER.has(status)) return;
    this.lastServerFailure.set(path, { status, at: this.now() });
    if (this.lastServerFailure.size > REMEMBERED_PATHS) {
      const oldest = this.lastServerFailure.keys().next().value;
      if (oldest !== undefined) this.lastServerFailure.delete(oldest);
    }
  }

  /**
   * A request that got no answer, to a path whose last answer was a 500, 503 or 509, while the
   * browser is online: most likely Chromium held it back after the service's failures (it never
   * left), so what the member should hear is the service's failure, not "you seem to be offline".
   * Null when that is not the case.
   */
  private heldBack(error: unknown, url: string): ServerError | null {
    if (!(error instanceof Network) || !this.isOnline()) return null;
    const last = this.lastServerFailure.get(pathOf(url));
    if (last === undefined || this.now() - last.at > HELD_BACK_AT_MOST_MS) return null;
    return new ServerError(
      `The service failed (status ${last.status}); the browser holds further requests back for a while.`,
      { url, status: last.status, cause: error },
    );
  }

  /** A turn under the client-wide limit, waited for at most `maxQueueWaitMs`. */
  private async acquire(url: string): Promise<(() => void) | undefined> {
    if (this.limiter === null) return undefined;
    try {
      return await this.limiter.acquire(this.maxQueueWaitMs);
    } catch (error) {
      if (!(error instanceof LimiterWaitTooLong)) throw error;
      throw new RateLimited('Too many requests are waiting. Try again in a moment.', { url });
    }
  }

  /** One attempt, with its own timeout covering the answer and its whole body. */
  private async attempt(request: HttpRequest, method: HttpMethod): Promise<HttpResponse> {
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.5', ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const redirect = redirectMode(request);
    try {
      const response = await this.fetchImpl(request.url, {
        method,
        headers,
        body,
        credentials: request.credentials ?? 'omit',
        cache: request.cache,
        redirect,
        signal: controller.signal,
      });
      // A browser shows a redirect it did not follow as an opaque answer (status 0); Node shows the 3xx.
      if (
        redirect === 'manual' &&
        (response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status))
      ) {
        await response.body?.cancel().catch(() => undefined);
        throw new Redirected('The service answered with a redirect, which was not followed.', {
          url: request.url,
          ...(response.status === 0 ? {} : { status: response.status }),
        });
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body: bytes };
    } catch (error) {
      if (error instanceof Redirected) throw error;
      if (controller.signal.aborted) throw new Timeout(timeoutMs, { url: request.url });
      throw new Network('Could not reach the service. Check the connection.', {
        url: request.url,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Exponential backoff with "equal jitter": half the delay fixed, half random. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** attempt) * this.backoffScale;
    return ceiling / 2 + this.random() * (ceiling / 2);
  }
}

/** GETs are identical when URL, headers (the token among them), credentials and cache mode are. */
function requestKey(request: HttpRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([k, v]) => [k.toLowerCase(), v])
    .sort(([a], [b]) => (a as string).localeCompare(b as string));
  return JSON.stringify([request.url, headers, request.credentials ?? 'omit', request.cache ?? 'default']);
}

const textDecoder = new TextDecoder();

function parseJsonBody(response: HttpResponse, url: string): unknown {
  const text = textDecoder.decode(response.body);
  try {
    return JSON.parse(text);
  } catch (error) {
    const preview = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    throw new InvalidResponse(`not JSON (${JSON.stringify(preview)})`, {
      url,
      status: response.status,
      cause: error,
    });
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Scheme, host, port and path: what Chromium's throttle counts failures by. */
function pathOf(url: string): string {
  return stripQuery(url).split('#')[0] as string;
}

function stripQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
