/**
 * The request pipeline every part runs first: it logs and counts each request, then applies the
 * faults set through the control interface (latency, 429 with Retry-After, failures, malformed or
 * truncated bodies, the network gone). Placed after CORS, so that a faulty answer still carries the
 * CORS headers a browser needs to show the extension the status instead of a network error.
 *
 * A request whose client gives up (its timeout aborts the fetch, the connection closes) is held no
 * longer: it goes on at once as if its delay had passed, as a slow server finishes what it was
 * asked (a write lands; its answer goes nowhere), and the log marks it `abandoned`. Nothing then
 * waits out a latency rule for a client that is gone.
 */
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { normaliseRoute, type RequestLogEntry, type SandboxControl } from './control';
import type { SandboxPart } from './origins';

/** Pending latency timers, so that closing the sandbox never waits for (or leaks) one. */
export class Sleeper {
  /** Each pending sleep's end: clears its timer, stops listening to its signal, resolves it. */
  private pending = new Set<() => void>();

  /** Resolves after `ms`, or at once when `signal` aborts (the client is gone) or on `cancelAll`. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
        this.pending.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      signal?.addEventListener('abort', end);
      this.pending.add(end);
    });
  }

  /** How many sleeps are pending. */
  get size(): number {
    return this.pending.size;
  }

  cancelAll(): void {
    for (const end of [...this.pending]) end();
  }
}

/**
 * Logs every request of a part (preflights too) with the status it finally got. Dated by the wall
 * clock, not the sandbox's: the log says when requests really arrived, which tests compare with
 * their own clock.
 */
export function requestLogger(part: SandboxPart, control: SandboxControl): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const started = new Date().toISOString();
    const answered = control.arrive({ time: started, part, method: c.req.method, path: url.pathname });
    try {
      await next();
    } finally {
      answered();
    }
    const entry: RequestLogEntry = {
      time: started,
      part,
      method: c.req.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      status: c.res.status,
      route: normaliseRoute(part, url.pathname),
      origin: c.req.header('origin') ?? null,
      hasToken: Boolean(c.req.header('x-token') || url.searchParams.get('x-token')),
      userAgent: c.req.header('user-agent') ?? null,
    };
    const fault = c.res.headers.get('x-sandbox-fault');
    if (fault) entry.fault = fault as RequestLogEntry['fault'];
    // The client closed the connection before the answer (the outage's drop is the sandbox's own).
    if (c.req.raw.signal.aborted && fault !== 'outage') entry.fault = 'abandoned';
    control.record(entry);
  };
}

/**
 * The network gone (control `/outage`): matching requests, preflights included, get no answer, the
 * socket is closed under them (a network error for the client). Placed before CORS so that even a
 * preflight finds nobody there.
 */
export function outageInjector(part: SandboxPart, control: SandboxControl): MiddlewareHandler {
  return async (c, next) => {
    if (!control.isOut(part, c.req.method, new URL(c.req.url).pathname)) return next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    incoming?.socket.destroy();
    c.header('X-Sandbox-Fault', 'outage');
    return c.body(null, 503);
  };
}

/**
 * Redirects (control `/redirects`): matching requests get a redirect to the second server. Placed
 * before CORS, so that preflights are redirected too: a site page's own request with `X-Token` then
 * fails at its preflight (a browser follows no redirect of one) and never carries the token there;
 * what a test sees arrive there is the extension's doing.
 */
export function redirectInjector(part: SandboxPart, control: SandboxControl): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const redirect = control.takeRedirect(part, c.req.method, url.pathname, url.search);
    if (redirect === null) return next();
    c.header('X-Sandbox-Fault', 'redirect');
    return c.redirect(redirect.location, redirect.status);
  };
}

/** Applies the control interface's faults to a part's requests (not to CORS preflights). */
export function faultInjector(
  part: SandboxPart,
  control: SandboxControl,
  sleeper: Sleeper,
): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const path = new URL(c.req.url).pathname;
    if (method === 'OPTIONS') return next();
    // The request's signal aborts when its client closes the connection (@hono/node-server).
    await sleeper.sleep(control.latencyFor(part, method, path), c.req.raw.signal);
    const retryAfter = control.takeRateLimit(part, method, path);
    if (retryAfter !== null) {
      c.header('Retry-After', String(retryAfter));
      c.header('X-Sandbox-Fault', 'rateLimit');
      return c.json({ code: 'TooManyRequests', message: '' }, 429);
    }
    const failure = control.takeFailure(part, method, path);
    if (failure !== null) {
      c.header('X-Sandbox-Fault', 'failure');
      return c.json(
        { code: 'SandboxFailure', message: 'failure injected by the control interface' },
        failure as 500,
      );
    }
    await next();
    const spoil = control.takeMalformed(part, method, path);
    if (spoil) {
      const body = await c.res.text();
      const spoiled =
        spoil === 'truncated'
          ? body.slice(0, Math.floor(body.length / 2))
          : `<html>not json ${body.slice(0, 20)}`;
      const headers = new Headers(c.res.headers);
      headers.delete('content-length');
      headers.set('X-Sandbox-Fault', spoil);
      c.res = new Response(spoiled, { status: c.res.status, headers });
    }
  };
}
