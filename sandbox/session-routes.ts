/**
 * The site's session routes: `/session/`, `/csrf_token/`, sign-in and sign-out, with the live
 * cookies (`scratchsessionsid`, HttpOnly; `scratchcsrftoken`, readable by page scripts).
 *
 * `/session/` without `X-Requested-With: XMLHttpRequest` answers 400 with a JSON body: the live
 * site only serves the session to its own scripts, and a client that forgets the header should
 * notice here rather than on the live site.
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { escapeHtml } from './escape';
import { type Origins, originsFor, requestHostName, type SandboxEnv } from './origins';
import { DEMO_USERNAME, NAMED_USERS } from './seed';
import type { Store } from './store';

export const SESSION_COOKIE = 'scratchsessionsid';
export const CSRF_COOKIE = 'scratchcsrftoken';

/** Live cookies are set for the whole domain, so api.scratch.mit.edu receives them too. */
function cookieOptions(c: Context, origins: Origins) {
  const secure = origins.site.startsWith('https:');
  const host = requestHostName(c);
  return {
    path: '/',
    secure,
    sameSite: 'Lax' as const,
    ...(host.endsWith('scratch.mit.edu') ? { domain: '.scratch.mit.edu' } : {}),
  };
}

export function randomToken(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** Set the CSRF cookie if the browser has none yet (the live site does this on any page). */
export function ensureCsrfCookie(c: Context): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing) return existing;
  const token = randomToken();
  setCookie(c, CSRF_COOKIE, token, cookieOptions(c, originsFor(c)));
  return token;
}

/** Only local paths: `next=//evil.example` or `next=https://...` go home instead. */
function safeNext(next: string | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function signInAs(c: Context, store: Store, username: string): boolean {
  if (!store.getUser(username)) return false;
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) store.signOut(previous);
  const { sessionId, csrfToken } = store.signIn(username);
  const options = cookieOptions(c, originsFor(c));
  setCookie(c, SESSION_COOKIE, sessionId, { ...options, httpOnly: true });
  setCookie(c, CSRF_COOKIE, csrfToken, options);
  return true;
}

function signOut(c: Context, store: Store): void {
  const sessionId = getCookie(c, SESSION_COOKIE);
  if (sessionId) store.signOut(sessionId);
  const options = cookieOptions(c, originsFor(c));
  deleteCookie(c, SESSION_COOKIE, options);
  // A new CSRF token after sign-out, as Django rotates it.
  setCookie(c, CSRF_COOKIE, randomToken(), options);
}

function loginPage(store: Store, next: string, error?: string): string {
  const candidates = [
    ...NAMED_USERS.map((name) => store.getUser(name)),
    ...store.users().slice(NAMED_USERS.length, NAMED_USERS.length + 30),
  ].filter((u) => u !== undefined);
  const options = candidates
    .map((u) => {
      const name = escapeHtml(u.username);
      return `<option value="${name}"${u.username === DEMO_USERNAME ? ' selected' : ''}>${name}</option>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Sandbox</title></head>
<body><div id="app"><main class="login">
<h1>Sign in to the sandbox</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login/">
<label>User <select name="username">${options}</select></label>
<label>or any username <input name="other" autocomplete="off"></label>
<input type="hidden" name="next" value="${escapeHtml(next)}">
<button type="submit" class="button">Sign in</button>
</form>
<p>No password: the sandbox signs in as any seeded user.</p>
</main></div></body></html>`;
}

export function mountSessionRoutes(app: Hono<SandboxEnv>, store: Store): void {
  app.get('/session/', (c) => {
    if (c.req.header('x-requested-with') !== 'XMLHttpRequest') {
      return c.json({ code: 'BadRequest', message: 'X-Requested-With: XMLHttpRequest is required' }, 400);
    }
    c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    const sessionId = getCookie(c, SESSION_COOKIE);
    const user = store.sessionUser(sessionId);
    if (!user || !sessionId) return c.json({});
    const { uploads } = originsFor(c);
    return c.json({
      user: {
        id: user.id,
        banned: user.banned,
        should_vpn: false,
        username: user.username,
        token: store.sessionToken(sessionId),
        // Protocol-relative, as the live site sends it.
        thumbnailUrl: `${uploads.replace(/^https?:/, '')}/get_image/user/${user.id}_32x32.png`,
        dateJoined: user.joined,
        email: user.email,
        birthYear: 2010,
        birthMonth: 1,
        gender: 'prefer not to say',
        classroomId: null,
      },
      permissions: {
        admin: false,
        scratcher: !user.newScratcher,
        new_scratcher: user.newScratcher,
        invited_scratcher: false,
        social: true,
        educator: false,
        educator_invitee: false,
        student: false,
        mute_status: {},
      },
      flags: {
        must_reset_password: false,
        must_complete_registration: false,
        has_outstanding_email_confirmation: false,
        show_welcome: false,
        confirm_email_banner: false,
        unsupported_browser_banner: false,
        project_comments_enabled: true,
        gallery_comments_enabled: true,
        userprofile_comments_enabled: true,
        everything_is_totally_normal: false,
      },
    });
  });

  app.get('/csrf_token/', (c) => {
    ensureCsrfCookie(c);
    return c.body(null, 200);
  });

  app.get('/login/', (c) => {
    const as = c.req.query('as');
    const next = safeNext(c.req.query('next'));
    if (as !== undefined) {
      if (!signInAs(c, store, as)) return c.html(loginPage(store, next, `No user named ${as}`), 404);
      return c.redirect(next, 302);
    }
    return c.html(loginPage(store, next));
  });

  app.post('/login/', async (c) => {
    const form = await c.req.parseBody();
    const other = typeof form.other === 'string' ? form.other.trim() : '';
    const username = other || (typeof form.username === 'string' ? form.username : '');
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
    if (!signInAs(c, store, username))
      return c.html(loginPage(store, next, `No user named ${username}`), 404);
    return c.redirect(next, 302);
  });

  for (const path of ['/logout/', '/accounts/logout/']) {
    app.on(['GET', 'POST'], path, (c) => {
      signOut(c, store);
      return c.redirect(safeNext(c.req.query('next')), 302);
    });
  }
}
