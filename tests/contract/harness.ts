/**
 * What the contract tests share: a sandbox on random loopback ports, a Node cookie jar standing in
 * for the browser's cookie store, and the real client and session wired to them.
 */
import { ApiClient } from '@/lib/api/client';
import { HttpClient, type HttpClientOptions } from '@/lib/api/http';
import { SlidingWindowLimiter } from '@/lib/api/rate-limiter';
import { Session, type SiteCookies } from '@/lib/session/session';
import type { StoredSession } from '@/lib/session/session-model';
import { type RunningSandbox, startSandbox } from '@/sandbox/index';

/** The cookies a browser would hold for the site: filled from `Set-Cookie`, sent as `Cookie`. */
export class CookieJar implements SiteCookies {
  readonly values = new Map<string, string>();

  async get(name: string): Promise<string | undefined> {
    return this.values.get(name);
  }

  async header(): Promise<string | undefined> {
    if (this.values.size === 0) return undefined;
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the cookies of a response, as a browser would. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=.*1970/i.test(a));
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  clear(): void {
    this.values.clear();
  }
}

/** In memory, like storage.session. */
export class MemorySessionStore {
  value: StoredSession | null = null;
  async getValue() {
    return this.value;
  }
  async setValue(value: StoredSession | null) {
    this.value = value;
  }
}

export interface Wired {
  http: HttpClient;
  session: Session;
  api: ApiClient;
  jar: CookieJar;
}

/**
 * The client and session against `sandbox`. The rate limit is raised so that the suite stays quick
 * (the limit itself has its own test); retries wait milliseconds, not seconds.
 */
export function wire(sandbox: RunningSandbox, options: HttpClientOptions = {}, jar = new CookieJar()): Wired {
  const http = new HttpClient({
    limiter: new SlidingWindowLimiter({ max: 100 }),
    backoffBaseMs: 5,
    backoffMaxMs: 20,
    retries: 2,
    ...options,
  });
  const session = new Session({
    site: sandbox.urls.site,
    http,
    cookies: jar,
    store: new MemorySessionStore(),
  });
  const api = new ApiClient({ urls: sandbox.urls, http, auth: session });
  return { http, session, api, jar };
}

/** Signs in through the sandbox's shortcut, the way a member signs in on the site. */
export async function signIn(sandbox: RunningSandbox, jar: CookieJar, username: string): Promise<void> {
  const response = await fetch(`${sandbox.urls.site}/login/?as=${encodeURIComponent(username)}&next=/`, {
    redirect: 'manual',
    headers: { Cookie: (await jar.header()) ?? '' },
  });
  if (response.status >= 400) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  jar.take(response);
}

export function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, quiet: true });
}
