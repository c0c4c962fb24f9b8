/**
 * Which origins a response must name. The same app answers on its loopback port and, through the
 * HTTPS listener, under a live host name (scratch.mit.edu, api.scratch.mit.edu, ...). Everything that
 * emits an absolute URL (CORS allowed origin, avatar and thumbnail URLs, cookie `Secure`, the origins
 * the site pages fetch) asks `originsFor(c)`, so that a page served as https://scratch.mit.edu talks
 * to https://api.scratch.mit.edu and a page served on 127.0.0.1:8610 talks to 127.0.0.1:8611.
 */
import type { Context, MiddlewareHandler } from 'hono';

export interface Origins {
  site: string;
  api: string;
  translate: string;
  synthesis: string;
  uploads: string;
}

/** The parts of the sandbox, each on its own loopback port. */
export type SandboxPart = 'site' | 'api' | 'translate' | 'synthesis' | 'uploads';

/** Live host name -> the part that answers for it on the HTTPS listener. */
export const LIVE_HOSTS: Readonly<Record<string, SandboxPart>> = {
  'scratch.mit.edu': 'site',
  'api.scratch.mit.edu': 'api',
  'translate-service.scratch.mit.edu': 'translate',
  'synthesis-service.scratch.mit.edu': 'synthesis',
  'uploads.scratch.mit.edu': 'uploads',
  'cdn2.scratch.mit.edu': 'uploads',
};

export const LIVE_ORIGINS: Readonly<Origins> = {
  site: 'https://scratch.mit.edu',
  api: 'https://api.scratch.mit.edu',
  translate: 'https://translate-service.scratch.mit.edu',
  synthesis: 'https://synthesis-service.scratch.mit.edu',
  uploads: 'https://uploads.scratch.mit.edu',
};

/** Context variables every sandbox app carries (set by `withLoopbackOrigins`). */
export interface SandboxEnv {
  Variables: { loopbackOrigins: Origins };
}

/** The host name a request was addressed to, lower case, without port. */
export function requestHostName(c: Context): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** True when the request came in under a live host name (through the HTTPS listener). */
export function isLiveHost(c: Context): boolean {
  return requestHostName(c) in LIVE_HOSTS;
}

/** The origins of the host that was asked: live https origins, or the sandbox's loopback ones. */
export function originsFor(c: Context): Origins {
  if (isLiveHost(c)) return LIVE_ORIGINS;
  const loopback = (c as unknown as Context<SandboxEnv>).get('loopbackOrigins');
  if (!loopback) throw new Error('originsFor: the app was not set up with withLoopbackOrigins');
  return loopback;
}

/** Middleware that tells `originsFor` the loopback origins of this sandbox instance. */
export function withLoopbackOrigins(origins: Origins): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    c.set('loopbackOrigins', origins);
    await next();
  };
}
