/** Helpers the site-page tests share: signing in over HTTP and keeping the cookies. */
import type { RunningSandbox } from '../index';

export interface SignedIn {
  /** `Cookie` header value with the session and CSRF cookies. */
  cookie: string;
  csrf: string;
  token: string;
}

export async function signIn(sandbox: RunningSandbox, username: string): Promise<SignedIn> {
  const response = await fetch(`${sandbox.urls.site}/login/?as=${encodeURIComponent(username)}&next=/`, {
    redirect: 'manual',
  });
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const index = pair.indexOf('=');
    cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const session = (await (
    await fetch(`${sandbox.urls.site}/session/`, {
      headers: { cookie, 'X-Requested-With': 'XMLHttpRequest' },
    })
  ).json()) as { user?: { token?: string } };
  const token = session.user?.token;
  const csrf = cookies.get('scratchcsrftoken');
  if (!token || !csrf) throw new Error(`sign-in as ${username} failed (status ${response.status})`);
  return { cookie, csrf, token };
}
