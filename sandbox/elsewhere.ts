/**
 * "Elsewhere": a second server, on its own port, that stands for any other place a redirect of the
 * site could point to (control `POST /redirects`). It takes whatever arrives, as a host that wants the
 * member's token would: preflights of any origin, header and method are allowed (credentials too), and
 * every request is recorded with all its headers, so a test can see what a client carried there.
 * Read and cleared through the control interface (`GET|DELETE /elsewhere/requests`).
 */
import { Hono } from 'hono';
import type { SandboxControl } from './control';

/** Longest body kept per request: enough to see a comment's text, not a flood. */
const BODY_KEPT = 4096;

export interface ElsewhereRequest {
  time: string;
  method: string;
  path: string;
  /** The query string without `?` ('' for none). */
  query: string;
  /** Every header as received, names in lower case. */
  headers: Record<string, string>;
  /** The body as text (cut at 4 KiB); '' for none. */
  body: string;
}

export function createElsewhereApp(control: SandboxControl): Hono {
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
    control.recordElsewhere({
      // The wall clock, as the request log: when it really arrived.
      time: new Date().toISOString(),
      method: c.req.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers: c.req.header(),
      body: body.slice(0, BODY_KEPT),
    });
    // Everything allowed: a browser that followed a redirect here sends what it carried.
    c.header('Access-Control-Allow-Origin', c.req.header('origin') ?? '*');
    c.header('Access-Control-Allow-Credentials', 'true');
    c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    c.header('Access-Control-Allow-Headers', c.req.header('access-control-request-headers') ?? '*');
    c.header('Access-Control-Allow-Private-Network', 'true');
    c.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return c.json({});
  });
  return app;
}
