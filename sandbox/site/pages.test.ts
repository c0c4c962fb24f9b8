/**
 * The site pages over HTTP: shells with the markup hooks content scripts read, status codes of
 * every page kind, the page scripts as a module graph, and the site endpoints (messages-clear,
 * studio tiles, profile comments), plus the love and favorite writes the project page makes.
 */
import { get as httpGet } from 'node:http';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../escape';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '../index';
import { LIVE_ORIGINS } from '../origins';
import { type SignedIn, signIn } from './test-helpers';

let sandbox: RunningSandbox;
let demo: SignedIn;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  demo = await signIn(sandbox, DEMO_USERNAME);
});
afterAll(async () => {
  await sandbox?.close();
});

const store = () => sandbox.control.store;
const page = (path: string, who?: SignedIn) =>
  fetch(`${sandbox.urls.site}${path}`, { headers: who ? { cookie: who.cookie } : {}, redirect: 'manual' });

function config(html: string): { origins: Record<string, string>; page: Record<string, string> } {
  const json = /<script id="site-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no site-config in the shell');
  return JSON.parse(json);
}

/** The server's HTML as a document (inert: nothing loads, no script runs) for selector checks. */
function parse(html: string): Document {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
    },
  });
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

async function messageCount(username: string): Promise<number> {
  // A cache-busting parameter gets past the CDN-like cache of the count.
  const response = await fetch(
    `${sandbox.urls.api}/users/${username}/messages/count?nocache=${Math.random()}`,
  );
  return ((await response.json()) as { count: number }).count;
}

describe('scratch-www shells', () => {
  it('home: #app, the format-detection meta, the navigation bar with the count at 0 without show', async () => {
    const response = await page('/', demo);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="app">');
    expect(html).toContain('<meta name="format-detection"');
    expect(html).toMatch(
      /<nav id="navigation"[\s\S]*<li class="link right messages"><a href="\/messages\/" title="Messages"><span class="message-count">0 <\/span>Messages<\/a><\/li>/,
    );
    expect(html).toContain('<script type="module" src="/js/home.js">');
    expect(html).toContain(`<span class="profile-name">${DEMO_USERNAME}</span>`);
  });

  it('injects the origins of the sandbox that was asked, never a hard-coded host', async () => {
    const { origins } = config(await (await page('/')).text());
    expect(origins).toEqual({
      site: sandbox.urls.site,
      api: sandbox.urls.api,
      translate: sandbox.urls.translate,
      synthesis: sandbox.urls.synthesis,
      uploads: sandbox.urls.uploads,
    });
  });

  it('under a live host name the shell names the live origins', async () => {
    const { port } = new URL(sandbox.urls.site);
    const html = await new Promise<string>((resolve, reject) => {
      const request = httpGet(
        { host: '127.0.0.1', port, path: '/', headers: { host: 'scratch.mit.edu' } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve(body));
        },
      );
      request.on('error', reject);
    });
    expect(config(html).origins).toEqual(LIVE_ORIGINS);
  });

  it('signed out: a sign-in link and no message count', async () => {
    const html = await (await page('/')).text();
    expect(html).toContain('href="/login/">Sign in</a>');
    expect(html).not.toContain('message-count');
  });

  it('a search query cannot break out of the injected configuration', async () => {
    const q = '</script><script>window.pwned=1</script><!--';
    const html = await (await page(`/search/projects?q=${encodeURIComponent(q)}`)).text();
    expect(html).not.toContain('<script>window.pwned');
    expect(config(html).page.q).toBe(q);
  });
});

describe('page status codes', () => {
  it('answers every page kind, with and without the trailing slash', async () => {
    const project = store()
      .projects()
      .find((p) => p.isShared);
    const studio = store().studios()[0];
    expect(project && studio).toBeTruthy();
    const paths = [
      `/projects/${project?.id}/`,
      `/projects/${project?.id}`,
      `/studios/${studio?.id}/`,
      `/studios/${studio?.id}/comments`,
      '/messages/',
      '/explore/projects/all/',
      '/explore/studios/games/popular',
      '/search/projects?q=cat',
      '/search/studios?q=cat&mode=recent',
      `/users/${DEMO_USERNAME}/`,
      '/users/__proto__/',
    ];
    for (const path of paths) expect([path, (await page(path, demo)).status]).toEqual([path, 200]);
  });

  it('unknown ids and users get the not-found page with status 404', async () => {
    for (const path of [
      '/projects/999999999/',
      '/projects/abc/',
      '/studios/999999999/',
      '/users/no-such-user-here/',
    ]) {
      const response = await page(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).toContain('not-found');
    }
  });

  it('an unshared project is visible to its owner only', async () => {
    const unshared = store()
      .projects()
      .find((p) => !p.isShared);
    const owner = unshared && store().getUserById(unshared.authorId);
    if (!unshared || !owner) throw new Error('the seed has no unshared project');
    const stranger = store()
      .users()
      .find((u) => u.id !== owner.id && u.username !== DEMO_USERNAME);
    if (!stranger) throw new Error('no second user');
    expect((await page(`/projects/${unshared.id}/`)).status).toBe(404);
    expect((await page(`/projects/${unshared.id}/`, await signIn(sandbox, stranger.username))).status).toBe(
      404,
    );
    expect((await page(`/projects/${unshared.id}/`, await signIn(sandbox, owner.username))).status).toBe(200);
  });

  it('the legacy navigation link /messages redirects to /messages/', async () => {
    const response = await page('/messages', demo);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/messages/');
  });
});

describe('legacy profile shell', () => {
  it('has #pagewrapper > #topnav with the notifications count and #content', async () => {
    const html = await (await page(`/users/${DEMO_USERNAME}/`, demo)).text();
    expect(html).toMatch(/<div id="pagewrapper">\s*<div id="topnav">/);
    expect(html).toMatch(
      /<li class="messages"><a class="messages-icon" href="\/messages"[^>]*><span class="notificationsCount none">0<\/span>/,
    );
    expect(html).toContain('id="content"');
    expect(html).not.toContain('id="app"');
    expect(config(html).page).toEqual({ kind: 'profile', username: DEMO_USERNAME });
  });
});

describe('legacy profile content (rendered on the server, as scratchr2 does)', () => {
  it('has the carousels with their View all links, and the comments box loading', async () => {
    const html = await (await page(`/users/${DEMO_USERNAME}/`)).text();
    for (const list of ['projects', 'favorites', 'studios', 'following', 'followers']) {
      expect(html).toMatch(
        new RegExp(
          `<div class="box slider-carousel-container">\\s*<div class="box-head"><h4>[^<]*</h4><a href="/users/${DEMO_USERNAME}/${list}/"`,
        ),
      );
    }
    const me = store().getUser(DEMO_USERNAME);
    const newest = me && store().sharedProjectsNewestFirst(me.id)[0];
    expect(html).toContain(`<li class="project thumb item"><a href="/projects/${newest?.id}/"><img`);
    expect(html).toMatch(/<ul class="comments"><li id="comments-loading">/);
  });

  it('escapes hostile text: a markup bio shows as text', async () => {
    const user = store()
      .users()
      .find((u) => u.bio.includes('<script') || u.bio.includes('<img'));
    if (!user) throw new Error('the seed has no bio with markup');
    const html = await (await page(`/users/${user.username}/`)).text();
    expect(html).toContain(`<p class="overview">${escapeHtml(user.bio)}</p>`);
    expect(html).not.toContain(user.bio);
  });
});

describe('legacy gallery pages', () => {
  it('a user list pages by 60 on the server, with the same item markup', async () => {
    const user = [...store().users()].sort(
      (a, b) => store().followersOf(b.id).length - store().followersOf(a.id).length,
    )[0];
    const followers = user ? store().followersOf(user.id) : [];
    if (!user || followers.length <= 60) throw new Error('no user with more than 60 followers');
    const items = (html: string) =>
      [...html.matchAll(/<li class="user thumb item"><a href="\/users\/([^/]+)\/">/g)].map((m) => m[1]);
    const first = items(await (await page(`/users/${user.username}/followers/`)).text());
    const second = items(await (await page(`/users/${user.username}/followers/?page=2`)).text());
    expect(first).toEqual(followers.slice(0, 60).map((u) => encodeURIComponent(u.username)));
    expect(second).toEqual(followers.slice(60, 120).map((u) => encodeURIComponent(u.username)));
    expect((await page(`/users/${user.username}/followers/?page=0`)).status).toBe(404);
  });

  it('a person’s projects, on their gallery and their profile, come newest shared first, as the REST list', async () => {
    // Someone who shared a project after one they made later: the orders by id and by sharing differ.
    const user = store()
      .users()
      .find((u) => {
        const made = store().sharedProjectsOf(u.id);
        return made.some(
          (p, i) => i > 0 && Date.parse(p.shared ?? '') < Date.parse(made[i - 1]?.shared ?? ''),
        );
      });
    if (!user) throw new Error('the seed has nobody who shared out of the order they made');
    const listed = (await (
      await fetch(`${sandbox.urls.api}/users/${user.username}/projects?limit=40`)
    ).json()) as { id: number }[];
    const ids = (html: string) =>
      [...html.matchAll(/<li class="project thumb item"><a href="\/projects\/(\d+)\/">/g)].map((m) =>
        Number(m[1]),
      );
    const gallery = ids(await (await page(`/users/${user.username}/projects/`)).text());
    expect(gallery.slice(0, listed.length)).toEqual(listed.map((p) => p.id));
    // The profile's first carousel is theirs (the favorites' come after it).
    const carousel = ids(await (await page(`/users/${user.username}/`)).text());
    const shown = Math.min(20, listed.length);
    expect(carousel.slice(0, shown)).toEqual(listed.map((p) => p.id).slice(0, shown));
  });

  it('projects, favorites and remixes use li.project.thumb.item inside .media-grid', async () => {
    const html = await (await page(`/users/${DEMO_USERNAME}/projects/`)).text();
    expect(html).toMatch(
      /<div class="media-grid"><ul>\s*<li class="project thumb item"><a href="\/projects\/\d+\/"><img/,
    );
    expect(html).toContain('id="pagewrapper"');
    const parent = store()
      .projects()
      .find((p) => p.isShared && store().remixesOf(p.id).length > 0);
    if (!parent) throw new Error('no remixed project');
    const remixes = await (await page(`/projects/${parent.id}/remixes/`)).text();
    expect(remixes).toContain(
      `<li class="project thumb item"><a href="/projects/${store().remixesOf(parent.id)[0]?.id}/">`,
    );
  });
});

describe('page scripts', () => {
  it('serves every script a shell names, and every module they import', async () => {
    const seen = new Set<string>();
    const queue = ['home', 'project', 'studio', 'profile', 'messages', 'grid', 'basic', 'mystuff'].map(
      (n) => `${n}.js`,
    );
    while (queue.length) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const response = await page(`/js/${file}`);
      expect([file, response.status]).toEqual([file, 200]);
      expect(response.headers.get('content-type')).toContain('javascript');
      const code = await response.text();
      for (const match of code.matchAll(/from\s+["']\.\/([\w-]+\.js)["']/g)) queue.push(match[1] as string);
    }
    expect(seen.size).toBeGreaterThan(10);
    expect((await page('/js/nope.js')).status).toBe(404);
    expect((await page('/css/site.css')).headers.get('content-type')).toContain('text/css');
  });
});

describe('site endpoints', () => {
  it('messages-clear needs the CSRF header, then marks every message read', async () => {
    const before = await messageCount(DEMO_USERNAME);
    expect(before).toBeGreaterThan(0);
    const clear = (headers: Record<string, string>) =>
      fetch(`${sandbox.urls.site}/site-api/messages/messages-clear/`, { method: 'POST', headers });

    const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
    expect((await clear({ cookie: demo.cookie, ...xhr })).status).toBe(403);
    expect((await clear({ cookie: demo.cookie, 'X-CSRFToken': 'wrong', ...xhr })).status).toBe(403);
    expect((await clear({ 'X-CSRFToken': demo.csrf, ...xhr })).status).toBe(401);
    // The site's scripts always say they are its own (scratch-www src/lib/api.js).
    expect((await clear({ cookie: demo.cookie, 'X-CSRFToken': demo.csrf })).status).toBe(403);
    expect(await messageCount(DEMO_USERNAME)).toBe(before);

    expect((await clear({ cookie: demo.cookie, 'X-CSRFToken': demo.csrf, ...xhr })).status).toBe(200);
    // What stays: the team's alerts and the invitation, which only dismissing clears.
    expect(await messageCount(DEMO_USERNAME)).toBe(
      store().adminMessagesFor(DEMO_USERNAME).length + (store().inviteFor(DEMO_USERNAME) ? 1 : 0),
    );
    store().reset();
    demo = await signIn(sandbox, DEMO_USERNAME);
  });

  it('messages-clear keeps the alerts of the site team; messages-delete dismisses one (CSRF checked)', async () => {
    store().clearAlerts(DEMO_USERNAME);
    const alert = store().addAdminMessage(DEMO_USERNAME, 'From the team');
    const post = (path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${sandbox.urls.site}/site-api/messages/${path}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const member = { cookie: demo.cookie, 'X-CSRFToken': demo.csrf };
    expect((await post('messages-clear', member)).status).toBe(200);
    expect(await messageCount(DEMO_USERNAME)).toBe(1);

    const dismiss = { alertType: 'notification', alertId: alert.id };
    expect((await post('messages-delete', { cookie: demo.cookie }, dismiss)).status).toBe(403);
    expect((await post('messages-delete', { 'X-CSRFToken': demo.csrf }, dismiss)).status).toBe(401);
    const other = { alertType: 'notification', alertId: alert.id + 1000 };
    expect(await (await post('messages-delete', member, other)).json()).toEqual({ success: false });
    expect(await messageCount(DEMO_USERNAME)).toBe(1);
    expect(await (await post('messages-delete', member, dismiss)).json()).toEqual({ success: true });
    expect(await messageCount(DEMO_USERNAME)).toBe(0);
    // The invitation the same way, as `alertType: "invite"`.
    const invite = store().addInvite(DEMO_USERNAME);
    expect(await messageCount(DEMO_USERNAME)).toBe(1);
    const asAlert = { alertType: 'notification', alertId: invite.id };
    expect(await (await post('messages-delete', member, asAlert)).json()).toEqual({ success: false });
    const asInvite = { alertType: 'invite', alertId: invite.id };
    expect(await (await post('messages-delete', member, asInvite)).json()).toEqual({ success: true });
    expect(await messageCount(DEMO_USERNAME)).toBe(0);
    store().reset();
    demo = await signIn(sandbox, DEMO_USERNAME);
  });

  it('with the referer check on, marking read and dismissing need the site as referer', async () => {
    const before = await messageCount(DEMO_USERNAME);
    expect(before).toBeGreaterThan(0);
    const clear = (extra: Record<string, string>) =>
      fetch(`${sandbox.urls.site}/site-api/messages/messages-clear/`, {
        method: 'POST',
        headers: {
          cookie: demo.cookie,
          'X-CSRFToken': demo.csrf,
          'X-Requested-With': 'XMLHttpRequest',
          ...extra,
        },
      });
    sandbox.control.refererCheck = true;
    try {
      const none = await clear({});
      expect(none.status).toBe(403);
      expect(((await none.json()) as { message: string }).message).toContain('Referer checking failed');
      expect((await clear({ Referer: 'https://elsewhere.example/messages/' })).status).toBe(403);
      const dismiss = await fetch(`${sandbox.urls.site}/site-api/messages/messages-delete/`, {
        method: 'POST',
        headers: {
          cookie: demo.cookie,
          'X-CSRFToken': demo.csrf,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ alertType: 'notification', alertId: 1 }),
      });
      expect(dismiss.status).toBe(403);
      expect(await messageCount(DEMO_USERNAME)).toBe(before);

      expect((await clear({ Referer: `${sandbox.urls.site}/messages/` })).status).toBe(200);
      expect(await messageCount(DEMO_USERNAME)).toBeLessThan(before);
    } finally {
      sandbox.control.refererCheck = false;
      store().reset();
      demo = await signIn(sandbox, DEMO_USERNAME);
    }
  });

  it('accepting a curator invitation: only the invited member, once, with the CSRF and XHR headers', async () => {
    const demoUser = store().getUser(DEMO_USERNAME);
    const invited = store()
      .messagesFor(DEMO_USERNAME)
      .map((message) => message.fields.gallery_id)
      .find(
        (id): id is number => typeof id === 'number' && store().hasPendingCuratorInvite(DEMO_USERNAME, id),
      );
    // The seed gives demo a pending invitation (a curatorinvite message among the newest).
    expect(invited).toBeDefined();
    const studioId = invited as number;
    const notInvited = store()
      .studios()
      .find(
        (studio) =>
          !store().hasPendingCuratorInvite(DEMO_USERNAME, studio.id) &&
          !store()
            .studioCurators(studio.id)
            .includes(demoUser?.id ?? -1),
      );
    const accept = (id: number, headers: Record<string, string>, usernames = DEMO_USERNAME) =>
      fetch(`${sandbox.urls.site}/site-api/users/curators-in/${id}/add/?usernames=${usernames}`, {
        method: 'PUT',
        headers,
      });
    const member = { cookie: demo.cookie, 'X-CSRFToken': demo.csrf, 'X-Requested-With': 'XMLHttpRequest' };
    const curator = () =>
      store()
        .studioCurators(studioId)
        .includes(demoUser?.id ?? -1);

    expect(
      (await accept(studioId, { cookie: demo.cookie, 'X-Requested-With': 'XMLHttpRequest' })).status,
    ).toBe(403);
    expect((await accept(studioId, { cookie: demo.cookie, 'X-CSRFToken': demo.csrf })).status).toBe(403);
    expect(
      (await accept(studioId, { 'X-CSRFToken': demo.csrf, 'X-Requested-With': 'XMLHttpRequest' })).status,
    ).toBe(401);
    expect((await accept(studioId, member, 'someone_else')).status).toBe(403);
    expect((await accept(9_999_999_999, member)).status).toBe(404);
    expect(curator()).toBe(false);

    sandbox.control.refererCheck = true;
    try {
      expect((await accept(studioId, member)).status).toBe(403);
      expect(curator()).toBe(false);
      const accepted = await accept(studioId, {
        ...member,
        Referer: `${sandbox.urls.site}/studios/${studioId}/`,
      });
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ success: true });
    } finally {
      sandbox.control.refererCheck = false;
    }
    expect(curator()).toBe(true);
    // The studio's curators (the REST interface) list the member now.
    const curators = (await (
      await fetch(`${sandbox.urls.api}/studios/${studioId}/curators?limit=40`)
    ).json()) as {
      username: string;
    }[];
    expect(curators.map((user) => user.username)).toContain(DEMO_USERNAME);

    // Accepted once: a second accept is no longer valid, and answers without `success`.
    const again = await accept(studioId, member);
    expect(again.status).toBe(200);
    const body = (await again.json()) as { success?: unknown; status?: unknown };
    expect(body.success).toBeUndefined();
    expect(body.status).toBe('error');
    // No invitation at all: the same.
    if (notInvited !== undefined) {
      expect(
        ((await (await accept(notInvited.id, member)).json()) as { success?: unknown }).success,
      ).toBeUndefined();
    }
    store().reset();
    expect(curator()).toBe(false);
    demo = await signIn(sandbox, DEMO_USERNAME);
  });

  it('studio details and project tiles page through the studio', async () => {
    const studio = store()
      .studios()
      .find((s) => store().studioProjects(s.id).length > 30);
    if (!studio) throw new Error('no studio with more than 30 projects');
    const info = await (await page(`/site-api/studios/${studio.id}/`)).json();
    expect(info).toMatchObject({ id: studio.id, title: studio.title, host: { id: studio.hostId } });
    const first = (await (await page(`/site-api/studios/${studio.id}/projects/?limit=24`)).json()) as {
      id: number;
    }[];
    const second = (await (
      await page(`/site-api/studios/${studio.id}/projects/?limit=24&offset=24`)
    ).json()) as {
      id: number;
    }[];
    expect(first).toHaveLength(24);
    expect(second.length).toBeGreaterThan(0);
    expect(first.map((p) => p.id)).not.toContain(second[0]?.id);
    expect((await page(`/site-api/studios/${studio.id}/projects/?limit=x`)).status).toBe(400);
    expect((await page('/site-api/studios/999999999/')).status).toBe(404);
  });

  it('studio details say whether the viewer may add projects (curators and managers)', async () => {
    const demoId = store().getUser(DEMO_USERNAME)?.id ?? 0;
    const curated = store().curatedStudiosOf(demoId)[0];
    if (!curated) throw new Error('the demo member curates no studio');
    const asDemo = await fetch(`${sandbox.urls.site}/site-api/studios/${curated.id}/`, {
      headers: { cookie: demo.cookie },
    });
    expect(await asDemo.json()).toMatchObject({ viewer_can_add_projects: true });
    expect(await (await page(`/site-api/studios/${curated.id}/`)).json()).toMatchObject({
      viewer_can_add_projects: false,
    });
  });

  it('profile comments come as threads with their replies, newest thread first', async () => {
    const user = [...store().users()].sort(
      (a, b) => store().topLevelComments('user', b.id).length - store().topLevelComments('user', a.id).length,
    )[0];
    const threads = user ? store().topLevelComments('user', user.id) : [];
    if (!user || !threads.length) throw new Error('no profile with comments');
    const body = (await (await page(`/site-api/comments/user/${user.username}/?page=1`)).json()) as {
      comments: { id: number; content: string; replies: unknown[] }[];
      more: boolean;
    };
    expect(body.comments).toHaveLength(Math.min(20, threads.length));
    expect(body.more).toBe(threads.length > 20);
    expect(body.comments[0]).toMatchObject({ id: threads[0]?.id, content: threads[0]?.content });
    expect(body.comments[0]?.replies).toHaveLength(store().replies(threads[0]?.id ?? -1).length);
    expect((await page(`/site-api/comments/user/${user.username}/?page=0`)).status).toBe(400);
    expect((await page('/site-api/comments/user/no-such-user-here/')).status).toBe(404);
  });
});

describe('the writes the project page makes', () => {
  for (const [kind, field] of [
    ['loves', 'userLove'],
    ['favorites', 'userFavorite'],
  ] as const) {
    it(`${kind}: POST and DELETE on the proxy change the REST result`, async () => {
      const me = store().getUser(DEMO_USERNAME);
      const candidate = store()
        .projects()
        .find(
          (p) =>
            p.isShared &&
            me !== undefined &&
            !(kind === 'loves' ? store().isLoved(p.id, me.id) : store().isFavorited(p.id, me.id)),
        );
      if (!candidate) throw new Error('no project demo has not marked');
      const read = async () =>
        (
          (await (
            await fetch(`${sandbox.urls.api}/projects/${candidate.id}/${kind}/user/${DEMO_USERNAME}`, {
              headers: { 'X-Token': demo.token },
            })
          ).json()) as Record<string, unknown>
        )[field];
      const write = (method: 'POST' | 'DELETE') =>
        fetch(`${sandbox.urls.api}/proxy/projects/${candidate.id}/${kind}/user/${DEMO_USERNAME}`, {
          method,
          headers: {
            'X-Token': demo.token,
            'X-CSRFToken': demo.csrf,
            cookie: demo.cookie,
            origin: sandbox.urls.site,
            referer: `${sandbox.urls.site}/projects/${candidate.id}/`,
          },
        });
      expect(await read()).toBe(false);
      expect((await write('POST')).status).toBe(200);
      expect(await read()).toBe(true);
      expect((await write('DELETE')).status).toBe(200);
      expect(await read()).toBe(false);
    });
  }
});

describe('project routes of scratch-www routes.json: player, editor, full screen', () => {
  const shared = () =>
    store()
      .projects()
      .find((p) => p.isShared) ??
    (() => {
      throw new Error('no shared project');
    })();

  it('the editor (with and without the slash, and the new-project editor) has #app but no navigation bar', async () => {
    const id = shared().id;
    for (const path of [
      `/projects/${id}/editor`,
      `/projects/${id}/editor/`,
      '/projects/editor',
      '/projects/editor/',
    ]) {
      const response = await page(path, demo);
      expect([path, response.status]).toEqual([path, 200]);
      const html = await response.text();
      const doc = parse(html);
      expect(doc.querySelector('#app')).not.toBeNull();
      // No Page: no navigation bar, no main#view, no footer (the template is inert).
      expect(doc.querySelector('nav#navigation')).toBeNull();
      expect(doc.querySelector('#view')).toBeNull();
      expect(doc.querySelector('.comments-container, .thumbnail, img.project-thumbnail')).toBeNull();
      expect(html).toContain('<script type="module" src="/js/project.js">');
      const template = doc.querySelector('template#page-template') as HTMLTemplateElement | null;
      expect(template?.content.querySelector('nav#navigation span.message-count')).not.toBeNull();
      expect(template?.content.querySelector('main#view')).not.toBeNull();
    }
    expect(config(await (await page('/projects/editor/')).text()).page).toEqual({ kind: 'project', id: '' });
  });

  it('the project page and full screen keep the Page frame (project-view.jsx renders Page in player mode)', async () => {
    const id = shared().id;
    for (const path of [`/projects/${id}/`, `/projects/${id}/fullscreen`, `/projects/${id}/fullscreen/`]) {
      const response = await page(path, demo);
      expect([path, response.status]).toEqual([path, 200]);
      const doc = parse(await response.text());
      expect(doc.querySelector('#app > nav#navigation')).not.toBeNull();
      expect(doc.querySelector('#app > main#view')).not.toBeNull();
      expect(doc.querySelector('template#page-template')).not.toBeNull();
    }
  });

  it("an unshared project's editor is its owner's only; unknown ids get the not-found page", async () => {
    const unshared = store()
      .projects()
      .find((p) => !p.isShared);
    const owner = unshared && store().getUserById(unshared.authorId);
    if (!unshared || !owner) throw new Error('no unshared project');
    expect((await page(`/projects/${unshared.id}/editor`)).status).toBe(404);
    expect(
      (await page(`/projects/${unshared.id}/editor/`, await signIn(sandbox, owner.username))).status,
    ).toBe(200);
    expect((await page('/projects/999999999/editor')).status).toBe(404);
    expect((await page('/projects/abc/fullscreen')).status).toBe(404);
  });
});

describe('legacy profile texts and featured project (docs/site-reference.md, "Legacy pages")', () => {
  const demoUser = () =>
    store().getUser(DEMO_USERNAME) ??
    (() => {
      throw new Error('no demo user');
    })();

  it('visitors (and other members) see read-only texts in scrolling viewports, and the featured box without the control', async () => {
    const me = demoUser();
    const other = store()
      .users()
      .find((u) => u.id !== me.id && store().sharedProjectsOf(u.id).length > 0);
    if (!other) throw new Error('no other member with shared projects');
    for (const who of [undefined, demo]) {
      const doc = parse(await (await page(`/users/${other.username}/`, who)).text());
      expect(doc.querySelector('#bio-readonly .viewport > .overview')?.textContent).toBe(other.bio);
      expect(doc.querySelector('#status-readonly .viewport > .overview')?.textContent).toBe(other.status);
      expect(doc.querySelector('textarea#bio, textarea#status')).toBeNull();
      const featured = store().featuredProjectOf(other.id);
      expect(doc.querySelector('.player a.project-name')?.getAttribute('href')).toBe(
        `/projects/${featured?.id}/`,
      );
      expect(doc.querySelector('.player a.project-name')?.textContent).toBe(featured?.title);
      expect(doc.querySelector('[data-control="change-featured-project"]')).toBeNull();
      expect(doc.querySelector('#featured-project-modal')).toBeNull();
    }
  });

  it('the member on their own profile gets textareas (no .overview) and the "Change featured project" control', async () => {
    const me = demoUser();
    const doc = parse(await (await page(`/users/${DEMO_USERNAME}/`, demo)).text());
    expect((doc.querySelector('textarea#bio') as HTMLTextAreaElement | null)?.value).toBe(me.bio);
    expect((doc.querySelector('textarea#status') as HTMLTextAreaElement | null)?.value).toBe(me.status);
    expect(doc.querySelector('#bio-readonly, #status-readonly, #user-details .overview')).toBeNull();
    expect(doc.querySelector('.player a.project-name')).not.toBeNull();
    expect(doc.querySelector('.player [data-control="change-featured-project"]')).not.toBeNull();
    // The dialog is built when the control is used: no choices in the page until then.
    expect(doc.querySelector('#featured-project-modal')).toBeNull();
  });

  it('PUT /site-api/users/all/<u>/ sets the featured project: the member only, with CSRF, one of their shared projects', async () => {
    const me = demoUser();
    const mine = store().sharedProjectsOf(me.id);
    const pick = mine[0];
    const notMine = store()
      .projects()
      .find((p) => p.isShared && p.authorId !== me.id);
    const unshared = store()
      .allProjectsOf(me.id)
      .find((p) => !p.isShared);
    if (!pick || !notMine || !unshared || pick.id === store().featuredProjectOf(me.id)?.id)
      throw new Error('the seed does not fit this test');
    const put = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${sandbox.urls.site}${path}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const mePath = `/site-api/users/all/${DEMO_USERNAME}/`;
    const ok = { cookie: demo.cookie, 'X-CSRFToken': demo.csrf };
    expect((await put(mePath, { featured_project: pick.id }, { 'X-CSRFToken': demo.csrf })).status).toBe(401);
    expect((await put(mePath, { featured_project: pick.id }, { cookie: demo.cookie })).status).toBe(403);
    const stranger = store()
      .users()
      .find((u) => u.id !== me.id);
    expect(
      (await put(`/site-api/users/all/${stranger?.username}/`, { featured_project: pick.id }, ok)).status,
    ).toBe(403);
    expect((await put(mePath, { featured_project: notMine.id }, ok)).status).toBe(400);
    expect((await put(mePath, { featured_project: unshared.id }, ok)).status).toBe(400);
    expect((await put(mePath, { featured_project: pick.id }, ok)).status).toBe(200);
    expect(store().featuredProjectOf(me.id)?.id).toBe(pick.id);
    const doc = parse(await (await page(`/users/${DEMO_USERNAME}/`)).text());
    expect(doc.querySelector('.player a.project-name')?.getAttribute('href')).toBe(`/projects/${pick.id}/`);
    store().reset();
    demo = await signIn(sandbox, DEMO_USERNAME);
  });
});

describe('My Stuff /mystuff/ (legacy)', () => {
  it('sends visitors to sign in first, and comes back', async () => {
    for (const path of ['/mystuff/', '/mystuff']) {
      const response = await page(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login/?next=/mystuff/');
    }
  });

  it('a legacy shell with the tabs, an empty ul.media-list and the load-more button, for the script to fill', async () => {
    const response = await page('/mystuff/', demo);
    expect(response.status).toBe(200);
    const html = await response.text();
    const doc = parse(html);
    expect(doc.querySelector('#pagewrapper > #topnav')).not.toBeNull();
    expect(doc.querySelector('#content ul.media-list')?.children).toHaveLength(0);
    expect(doc.querySelector('#content [data-control="load-more"]')).not.toBeNull();
    expect(
      [...doc.querySelectorAll('.tabs-index li[data-tab] > a')].map((a) => a.getAttribute('href')),
    ).toEqual(['#all', '#shared', '#unshared', '#galleries']);
    expect(html).toContain('<script type="module" src="/js/mystuff.js">');
  });

  it('GET /site-api/mystuff/<tab>/ pages the member’s own lists, 20 at a time; signed in only', async () => {
    const me = store().getUser(DEMO_USERNAME);
    if (!me) throw new Error('no demo user');
    const read = async (tab: string, n: number) =>
      (await (
        await fetch(`${sandbox.urls.site}/site-api/mystuff/${tab}/?page=${n}`, {
          headers: { cookie: demo.cookie },
        })
      ).json()) as { items: { id: number; type: string; shared?: boolean }[]; more: boolean };
    const all = store().allProjectsOf(me.id);
    const first = await read('all', 1);
    expect(first.items).toHaveLength(Math.min(20, all.length));
    expect(first.more).toBe(all.length > 20);
    // Page after page until there is no more: every project of the member, each once.
    const everyItem = [...first.items];
    for (let n = 2, page = first; page.more; n++) {
      page = await read('all', n);
      expect(page.items.length).toBeLessThanOrEqual(20);
      everyItem.push(...page.items);
    }
    expect(everyItem.map((i) => i.id).sort()).toEqual(all.map((p) => p.id).sort());
    const shared = await read('shared', 1);
    expect(shared.items.every((i) => i.shared === true)).toBe(true);
    const unshared = await read('unshared', 1);
    expect(unshared.items.map((i) => i.id).sort()).toEqual(
      all
        .filter((p) => !p.isShared)
        .map((p) => p.id)
        .sort(),
    );
    const galleries = await read('galleries', 1);
    expect(galleries.items.every((i) => i.type === 'gallery')).toBe(true);
    expect(galleries.items).toHaveLength(Math.min(20, store().curatedStudiosOf(me.id).length));
    expect((await fetch(`${sandbox.urls.site}/site-api/mystuff/all/`)).status).toBe(401);
    expect(
      (await fetch(`${sandbox.urls.site}/site-api/mystuff/trash/`, { headers: { cookie: demo.cookie } }))
        .status,
    ).toBe(404);
  });
});
