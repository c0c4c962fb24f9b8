/**
 * Helpers for the sandbox's own tests: a sandbox on random ports per test file, a signed-in user
 * (session cookie, CSRF cookie and token, obtained over HTTP the way a browser gets them), and a
 * small JSON fetch.
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from './index';

export function useSandbox(options: SandboxOptions = {}): () => RunningSandbox {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, ...options });
  }, 30_000);
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the sandbox is not running yet');
    return sandbox;
  };
}

export interface Member {
  username: string;
  /** `Cookie` header with the session and CSRF cookies. */
  cookie: string;
  csrf: string;
  token: string;
  /** Headers of a write through the proxy: token, cookies, CSRF. */
  writeHeaders: Record<string, string>;
}

function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return cookies;
}

/** Sign in through `/login/?as=` and read the token from `/session/`, as the site's scripts do. */
export async function signIn(sandbox: RunningSandbox, username: string): Promise<Member> {
  const response = await fetch(`${sandbox.urls.site}/login/?as=${encodeURIComponent(username)}`, {
    redirect: 'manual',
  });
  const cookies = cookiesOf(response);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const session = (await (
    await fetch(`${sandbox.urls.site}/session/`, {
      headers: { cookie, 'X-Requested-With': 'XMLHttpRequest' },
    })
  ).json()) as { user?: { token?: string } };
  const csrf = cookies.get('scratchcsrftoken');
  const token = session.user?.token;
  if (!csrf || !token) throw new Error(`sign-in as ${username} failed (${response.status})`);
  return {
    username,
    cookie,
    csrf,
    token,
    writeHeaders: { 'X-Token': token, 'X-CSRFToken': csrf, cookie, 'Content-Type': 'application/json' },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Fetch and parse JSON (the body is `undefined` when it is not JSON). */
export async function getJson<T = unknown>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T };
}
