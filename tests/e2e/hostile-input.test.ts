/**
 * Hostile input everywhere, in real Chromium (public build, live host names mapped onto the sandbox)
 * and Firefox (local build), one launch each. The sandbox's hostile corpus (script and HTML
 * payloads, entities, right-to-left and zero-width characters, a 5,000-character text, emoji) goes
 * into every field a surface renders: project titles, notes and instructions (mallory shares one
 * project per hostile string), comments and replies, message titles and fragments, a studio's title,
 * description and comments, mallory's bio and status, usernames (`__proto__`, `constructor`).
 *
 * Site pages get a trap in their main world before any script runs: it records dialogs, `eval`,
 * `Function`, errors and any element whose tag or attributes came from the data. The popup and the
 * options page are swept for such elements, must show the hostile texts as text, keep remote text
 * bidi-isolated (an override in a title never turns the words around it) and never scroll sideways.
 */
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateText } from '@/sandbox/helpers/translator';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from '@/sandbox/hostile';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Comment, Message, Project, Studio, User } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { openSettings } from './harness/settings-page';

const sandbox = withSandbox();
const SCREENS = '.output/test-artifacts/hostile-input';

/** An override the text never closes: without isolation it turns everything after it around. */
const OPEN_OVERRIDE = '\u202Eevil title without an end';
/** A word too long for any line (a comment may hold 500 characters, links and runs included). */
const LONG_WORD = `https://scratch.mit.edu/${'W'.repeat(480)}`;
/** The titles of mallory's hostile projects: every string of the corpus, and the two above. */
const TITLES = [...HOSTILE_STRINGS, OPEN_OVERRIDE, LONG_WORD.slice(0, 100)];
/** A word the hostile projects' instructions carry, so that one search finds them all. */
const SEARCH_WORD = 'zqhostile';

const store = () => sandbox().control.store;
const BIDI = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFC]/;

// ---------------------------------------------------------------------------------------------------
// The hostile world, made once for both browsers (they share the sandbox).

interface World {
  mallory: User;
  projects: Project[];
  /** Mallory's project whose page holds the hostile comments. */
  commented: Project;
  comments: Comment[];
  /** The comment the message points at, and its thread. */
  thread: { top: Comment; replies: Comment[]; message: Message };
  messages: Message[];
  studio: Studio;
  /** Every remote text with bidi characters the surfaces may show (for the isolation check). */
  bidiTexts: string[];
}

let world: World | undefined;

function makeWorld(): World {
  if (world) return world;
  const { control } = sandbox();
  control.messageCountCacheSeconds = 0;
  const mallory = store().getUser('mallory') as User;
  const demo = store().getUser(DEMO_USERNAME) as User;
  const alice = store().getUser('alice') as User;
  // One project per hostile string, shared by mallory (demo follows her): the feed, the search.
  const projects = TITLES.map(
    (title, i) =>
      control.shareProject({
        author: 'mallory',
        title,
        description:
          i === 0 ? LONG_HOSTILE_TEXT : (HOSTILE_STRINGS[(i + 3) % HOSTILE_STRINGS.length] as string),
        instructions: `${HOSTILE_STRINGS[(i + 5) % HOSTILE_STRINGS.length]} ${SEARCH_WORD}`,
      }).project,
  );
  const commented = projects[0] as Project;
  // Every hostile text as a comment on it (and the 5,000 characters, and the unbreakable word).
  const comments = [...HOSTILE_STRINGS, LONG_HOSTILE_TEXT, LONG_WORD, OPEN_OVERRIDE].map((content) =>
    store().addComment({
      place: 'project',
      placeId: commented.id,
      parentId: null,
      commenteeId: null,
      authorId: mallory.id,
      content,
    }),
  );
  // A conversation on demo's own project: mallory's hostile comment, hostile replies, one to demo.
  const own = store()
    .sharedProjectsOf(demo.id)
    .find((p) => p.commentsAllowed) as Project;
  const top = store().addComment({
    place: 'project',
    placeId: own.id,
    parentId: null,
    commenteeId: null,
    authorId: mallory.id,
    content: HOSTILE_STRINGS[0] as string,
  });
  const replies = [...HOSTILE_STRINGS.slice(1, 6), OPEN_OVERRIDE, LONG_WORD].map((content, i) =>
    store().addComment({
      place: 'project',
      placeId: own.id,
      parentId: top.id,
      commenteeId: i % 2 === 0 ? demo.id : alice.id,
      authorId: i % 2 === 0 ? mallory.id : alice.id,
      content,
    }),
  );
  const last = replies.at(-1) as Comment;
  // Hostile studio: the seed's first studio with a hostile title gets a hostile description and comments.
  const studio = store()
    .studios()
    .find((s) => HOSTILE_STRINGS.some((h) => s.title.startsWith(h))) as Studio;
  studio.description = `${OPEN_OVERRIDE}\n${LONG_HOSTILE_TEXT}`;
  for (const content of [HOSTILE_STRINGS[1], HOSTILE_STRINGS[8], LONG_WORD] as string[]) {
    store().addComment({
      place: 'studio',
      placeId: studio.id,
      parentId: null,
      commenteeId: null,
      authorId: mallory.id,
      content,
    });
  }
  // Messages of every kind whose titles are hostile (from users with hostile names too).
  const types = [
    'loveproject',
    'favoriteproject',
    'remixproject',
    'curatorinvite',
    'becomeownerstudio',
    'studioactivity',
    'forumpost',
    'addcomment',
  ];
  const actors = ['mallory', '__proto__', 'constructor'];
  const messages = TITLES.map((title, i) => {
    const project = projects[i] as Project;
    return control.addMessage(DEMO_USERNAME, {
      type: types[i % types.length] as string,
      actor: actors[i % actors.length] as string,
      fields: {
        project_id: project.id,
        title,
        project_title: title,
        parent_id: (projects[(i + 1) % projects.length] as Project).id,
        parent_title: TITLES[(i + 1) % TITLES.length] as string,
        gallery_id: studio.id,
        gallery_title: title,
        topic_id: 1000 + i,
        topic_title: title,
        comment_type: 0,
        comment_obj_id: project.id,
        comment_obj_title: title,
        comment_id: comments[i % comments.length]?.id ?? 1,
        comment_fragment: title,
        commentee_username: DEMO_USERNAME,
      },
    });
  });
  const message = control.addMessage(DEMO_USERNAME, {
    type: 'addcomment',
    actor: 'mallory',
    fields: {
      comment_type: 0,
      comment_obj_id: own.id,
      comment_obj_title: OPEN_OVERRIDE,
      comment_id: last.id,
      comment_fragment: last.content.slice(0, 60),
      commentee_username: DEMO_USERNAME,
    },
  });
  // Demo loved half of mallory's hostile projects: marks on their thumbnails.
  projects.forEach((p, i) => {
    if (i % 2 === 0) store().setLove(p.id, DEMO_USERNAME, true);
  });
  // Hostile comments on mallory's profile.
  for (const content of [HOSTILE_STRINGS[2], HOSTILE_STRINGS[7]] as string[]) {
    store().addComment({
      place: 'user',
      placeId: mallory.id,
      parentId: null,
      commenteeId: null,
      authorId: mallory.id,
      content,
    });
  }
  const texts = new Set<string>([...TITLES, LONG_HOSTILE_TEXT, studio.description]);
  for (const p of store().projects()) for (const t of [p.title, p.description, p.instructions]) texts.add(t);
  for (const s of store().studios()) for (const t of [s.title, s.description]) texts.add(t);
  for (const u of store().users()) for (const t of [u.username, u.bio, u.status, u.country]) texts.add(t);
  for (const c of [...comments, top, ...replies]) texts.add(c.content);
  for (const c of store().topLevelComments('studio', studio.id)) texts.add(c.content);
  world = {
    mallory,
    projects,
    commented,
    comments,
    thread: { top, replies, message },
    messages: [...messages, message],
    studio,
    bidiTexts: [...texts].filter((t) => BIDI.test(t)),
  };
  return world;
}

// ---------------------------------------------------------------------------------------------------
// In the pages (serialised: nothing from this file's scope).

/**
 * The trap, installed in a site page's main world before its own scripts: every dialog, `eval`,
 * `Function`, error, and every element whose tag or attributes could only have come from the data.
 */
const TRAP = `(() => {
  const seen = [];
  Object.defineProperty(window, '__hostileTrap', { value: seen });
  const note = (what, detail) => seen.push(what + ': ' + String(detail).slice(0, 160));
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = function (...args) { note(name, args[0]); return name === 'confirm' ? false : null; };
  }
  // The test driver itself evaluates through eval (Chromium): only code from the payloads counts.
  const payload = (source) => /alert|xss|document.cookie/.test(String(source));
  const realEval = window.eval;
  window.eval = function (source) { if (payload(source)) note('eval', source); return realEval(source); };
  const RealFunction = window.Function;
  window.Function = new Proxy(RealFunction, {
    apply(target, self, args) { if (payload(args.join(','))) note('Function', args.join(',')); return Reflect.apply(target, self, args); },
    construct(target, args) { if (payload(args.join(','))) note('Function', args.join(',')); return Reflect.construct(target, args); },
  });
  window.onerror = (message, source) => { note('error', message + ' at ' + source); };
  window.addEventListener('securitypolicyviolation', (e) => note('csp', e.violatedDirective + ' ' + e.sourceFile));
  const suspicious = (el) => {
    if (!(el instanceof Element)) return null;
    const tag = el.localName;
    if (tag === 'iframe' || tag === 'object' || tag === 'embed') return tag;
    if (tag === 'script' && /alert|xss|constructor\\.constructor/.test(el.textContent || '')) return 'script';
    if (tag === 'img' && el.getAttribute('src') === 'x') return 'img[src=x]';
    if (tag === 'a' && /^\\s*javascript:/i.test(el.getAttribute('href') || '')) return 'a[href=javascript:]';
    for (const attr of el.attributes) if (/^on/i.test(attr.name)) return tag + '[' + attr.name + ']';
    if ((tag === 'b' || tag === 'a') && /^(not bold|5000 characters|click me)$/.test((el.textContent || '').trim())) return tag + ' from the data';
    return null;
  };
  const check = (el) => {
    const found = suspicious(el);
    if (found) note('element', found + ' ' + el.outerHTML.slice(0, 120));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target);
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        check(node);
        for (const inner of node.querySelectorAll('*')) check(inner);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** The trap's records, and a sweep of the page now (for what came before the observer). */
function trapRecords(): string[] | null {
  const seen = (window as unknown as { __hostileTrap?: string[] }).__hostileTrap;
  if (seen === undefined) return null;
  const sweep = document.querySelectorAll(
    'iframe, object, embed, img[src="x"], a[href^="javascript:" i], [onerror], [onload], [onclick], [onmouseover]',
  );
  return [...seen, ...[...sweep].map((el) => `sweep: ${el.outerHTML.slice(0, 120)}`)];
}

/**
 * An extension page's problems: (b) elements from the data, (c) remote text with bidi characters
 * that is not isolated from the words around it, (d) sideways scrolling.
 */
function pageProblems(bidiTexts: string[]): string[] {
  const problems: string[] = [];
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  const selector =
    'iframe, object, embed, img[src="x"], a[href^="javascript:" i], [onerror], [onload], [onclick], [onmouseover], script:not([src])';
  for (const el of document.querySelectorAll(selector))
    problems.push(`element: ${el.outerHTML.slice(0, 120)}`);
  for (const el of document.querySelectorAll('b, a, i, svg')) {
    if (/^(not bold|5000 characters|click me)$/.test((el.textContent ?? '').trim()))
      problems.push(`element from the data: ${el.outerHTML.slice(0, 120)}`);
  }
  // (c) Each text with right-to-left or override characters sits alone in its isolating box.
  const bidi = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFC]/;
  const remote = bidiTexts.map(tidy);
  const isolates = (el: Element) => {
    const style = getComputedStyle(el);
    if (el.localName === 'bdi' || ['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi))
      return true;
    return style.display !== 'inline' && style.display !== 'contents';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (!bidi.test(node.textContent ?? '')) continue;
    let box = node.parentElement;
    while (box !== null && !isolates(box)) box = box.parentElement;
    if (box === null) continue;
    // Form controls are their own boxes (the options page names languages in their own script).
    if (box.closest('select, textarea, input') !== null) continue;
    const shown = tidy(box.textContent ?? '').replace(/…$/, '');
    if (shown !== '' && !remote.some((text) => text.includes(shown)))
      problems.push(`not isolated: "${shown.slice(0, 100)}" in <${box.localName} class="${box.className}">`);
  }
  // (d) Nothing scrolls sideways. (Featured rows are strips made to scroll sideways, a card at a
  // time: not text overflowing.)
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 3)
      .map(
        (el) => `<${el.localName} class="${el.className}"> ${Math.round(el.getBoundingClientRect().right)}`,
      );
    problems.push(
      `the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} (${wide.join(', ')})`,
    );
  }
  for (const el of document.querySelectorAll('body *')) {
    const overflow = getComputedStyle(el).overflowX;
    if (el.classList.contains('x-strip')) continue;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1)
      problems.push(
        `<${el.localName} class="${el.className}"> scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`,
      );
  }
  return problems;
}

/** The hostile texts of `texts` that `scope` does not show as text. */
function missingTexts({ scope, texts }: { scope: string; texts: string[] }): string[] {
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  const shown = tidy([...document.querySelectorAll(scope)].map((el) => el.textContent ?? '').join(' '));
  return texts.filter((text) => !shown.includes(tidy(text)));
}

// ---------------------------------------------------------------------------------------------------

async function keyboard(page: TestPage, text: string) {
  await page.raw.page.keyboard.type(text, { delay: 10 });
}

async function screenshot(page: TestPage, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => {
    // Each browser starts from the seeded world (useBrowser resets the sandbox when the previous
    // browser closes): the hostile world is made again in it.
    world = undefined;
    makeWorld();
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const w = () => makeWorld();
  const site = () => browser().profile.site;

  /** Opens a site page with the trap in its main world before any of its scripts. */
  const openTrapped = async (url: string) => {
    const page = await browser().openPage('about:blank');
    const raw = page.raw;
    if (raw.kind === 'playwright') await raw.page.addInitScript({ content: TRAP });
    else await raw.page.evaluateOnNewDocument(TRAP);
    await page.goto(url);
    await page.waitFor(() => Array.isArray((window as unknown as { __hostileTrap?: unknown }).__hostileTrap));
    return page;
  };
  const expectNothingRan = async (page: TestPage, where: string) => {
    expect(await page.evaluate(trapRecords), `${where}: the trap's records`).toEqual([]);
  };
  const expectClean = async (page: TestPage, where: string) => {
    expect(await page.evaluate(pageProblems, w().bidiTexts), where).toEqual([]);
  };

  it('site pages: comments, notes and their translations, marks, counts, a profile and a studio run nothing', async () => {
    const { commented, comments, mallory, studio, projects } = w();
    // The whole client-wide rate for the marks of mallory's gallery, not their share of it
    // (the development tuning, lib/dev-tuning.ts).
    await browser().tune({ marksReadsPerSecond: 5 });
    // The project page: 20 hostile comments, hostile notes, all translated.
    const page = await openTrapped(`${site()}/projects/${commented.id}/`);
    // A comment that is only a link has nothing to translate (no button): every other one has.
    const worded = comments.filter((c) => c.content !== LONG_WORD);
    // Read down the thread: each comment gets its button as it comes near the screen.
    await page.waitFor(
      (n) => {
        window.scrollBy(0, 400);
        return (
          document.querySelectorAll('.comments-list button[data-companion="translate"]').length >=
          (n as number)
        );
      },
      worded.length,
      {
        timeout: 20_000,
      },
    );
    await page.click('[data-companion="translate-all"]');
    const translated = (await page.waitFor(
      (n) => {
        window.scrollBy(0, 400);
        const shown = [...document.querySelectorAll('.comments-list div.comment')].flatMap((comment) => {
          const text = comment.querySelector('[data-companion="translation"]');
          return text ? [{ id: comment.id, text: text.textContent, lang: text.getAttribute('lang') }] : [];
        });
        return shown.length >= (n as number) ? shown : null;
      },
      worded.length,
      { timeout: 30_000 },
    )) as { id: string; text: string | null; lang: string | null }[];
    // Each translation is the helper's answer for the hostile text, shown as text (itself hostile).
    for (const comment of worded) {
      const shown = translated.find((t) => t.id === `comments-${comment.id}`);
      expect(shown, `translation of comment ${comment.id}`).toBeDefined();
      // The helper's answer for the text as the page shows it (trimmed), sent in pieces when long:
      // each piece carries the helper's language mark.
      const unmarked = (text: string) => text.replace(/\[[a-z-]+\] /gi, '').replace(/\s+/g, ' ');
      expect(unmarked(shown?.text ?? '')).toBe(
        unmarked(translateText(comment.content.trim(), shown?.lang ?? '')),
      );
      expect(shown?.text?.startsWith(`[${shown.lang}] `)).toBe(true);
    }
    expect(translated.some((t) => t.text?.includes('<script>alert("xss")</script>'))).toBe(true);
    // The instructions translated as well (hostile, beside the 5,000-character notes).
    await page.evaluate(() => window.scrollTo(0, 0));
    // (Unless "Translate all" took them too: a click would hide that translation again.)
    if (
      !(await page.evaluate(
        () => document.querySelector('.project-notes [data-companion="translation"]') !== null,
      ))
    )
      await page.click('.project-notes button[data-companion="translate"]');
    await page.waitFor(
      (expected) =>
        (document.querySelector('.project-notes [data-companion="translation"]')?.textContent ?? '').includes(
          expected as string,
        ),
      commented.instructions.trim(),
      { timeout: 20_000 },
    );
    // Translations are isolated from the page's direction (their own box, `dir=auto`).
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('[data-companion="translation"]')].every(
          (el) => el.getAttribute('dir') === 'auto' && getComputedStyle(el).display !== 'inline',
        ),
      ),
    ).toBe(true);
    // The navigation count is a number, nothing else.
    await page.waitFor(() =>
      /^\d+$/.test(document.querySelector('span.message-count')?.textContent?.trim() ?? ''),
    );
    await expectNothingRan(page, 'project page');
    await screenshot(page, `project-page-${name}`);
    await page.close();

    // Mallory's projects: thumbnails with hostile titles, marks on the loved ones.
    const gallery = await openTrapped(`${site()}/users/mallory/projects/`);
    const loved = projects.filter((_, i) => i % 2 === 0).map((p) => p.id);
    await gallery.waitFor(
      (ids) =>
        (ids as number[]).every((id) =>
          document.querySelector(
            `[data-companion="project-status"][data-project-id="${id}"][data-loved="true"]`,
          ),
        ),
      loved,
      { timeout: 30_000 },
    );
    await expectNothingRan(gallery, 'gallery');
    await gallery.close();

    // Mallory's profile: the 5,000-character bio, the script status, hostile comments, her count.
    const profile = await openTrapped(`${site()}/users/${mallory.username}/`);
    await profile.waitFor(
      () => document.querySelector('[data-companion="profile-message-count"]') !== null,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await profile.waitFor(
      () => {
        window.scrollBy(0, 400);
        return document.querySelectorAll('button[data-companion="translate"]').length >= 2;
      },
      undefined,
      {
        timeout: 20_000,
      },
    );
    await expectNothingRan(profile, 'profile page');
    await profile.close();

    // A studio with a hostile title, an open override and 5,000 characters in its description.
    const studioPage = await openTrapped(`${site()}/studios/${studio.id}/`);
    // (Its Translate button is there; translating 5,000 characters once, above, is enough.)
    await studioPage.waitFor(
      () => document.querySelector('.studio-info-section button[data-companion="translate"]') !== null,
      undefined,
      { timeout: 20_000 },
    );
    await expectNothingRan(studioPage, 'studio page');
    await studioPage.close();
  });

  it('the popup: feed, messages and a conversation show the hostile texts as text, isolated, without sideways scrolling', async () => {
    const { thread, messages } = w();
    await browser().setStorage('local', { popupTab: 'feed' });
    const popup = await browser().openPopup();
    // What's Happening: mallory's shares (hostile titles), __proto__ and constructor.
    await popup.waitFor(
      (titles) => {
        const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
        const shown = tidy(document.querySelector('main')?.textContent ?? document.body.textContent ?? '');
        return (titles as string[]).every((t) => shown.includes(tidy(t)));
      },
      TITLES,
      { timeout: 20_000 },
    );
    // The first frame shows a screenful, the other rows right after it: the whole list is read.
    await popup.waitFor(() => document.querySelector('.activity-list[aria-busy="false"]') !== null);
    await expect
      .poll(() =>
        popup.evaluate(missingTexts, {
          scope: '[data-testid="feed-item"]',
          texts: ['__proto__', 'constructor'],
        }),
      )
      .toEqual([]);
    expect(
      await popup.evaluate(() => document.body.textContent?.includes('<script>alert("xss")</script>')),
    ).toBe(true);
    await expectClean(popup, 'feed: activity');
    await screenshot(popup, `popup-feed-${name}`);
    // Shared by people you follow: project cards with the same titles.
    await popup.click('[data-testid="feed-section-shared"]');
    await popup.waitFor(
      (titles) => {
        const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
        const cards = tidy(
          [...document.querySelectorAll('[data-testid="project-card"]')].map((c) => c.textContent).join(' '),
        );
        return (titles as string[]).every((t) => cards.includes(tidy(t)));
      },
      TITLES,
      { timeout: 20_000 },
    );
    await expectClean(popup, 'feed: shared');

    // Messages: every kind with hostile titles, then the conversation with hostile replies.
    await popup.click('[data-testid="popup-tab-messages"]');
    // A row of a group carries every id of it (a studio's activity is one row per studio).
    const item = (message: Message) =>
      `:is([data-testid="message-item"], [data-testid="message-group"])[data-message-ids~="${message.id}"]`;
    await popup.waitFor((s) => document.querySelector(s as string) !== null, item(thread.message), {
      timeout: 20_000,
    });
    // The oldest of them are on the second page: the end of the list coming into view reads it.
    await popup.waitFor(
      (selectors) => {
        window.scrollTo(0, document.body.scrollHeight);
        return (selectors as string[]).every((s) => document.querySelector(s) !== null);
      },
      messages.map(item),
      { timeout: 20_000 },
    );
    // Every group opened, as a member opens each one they see (a group the list's end brings after
    // a round of clicks is opened in the next): each of its messages shows its own title.
    await popup.waitFor(() => {
      const closed = document.querySelectorAll<HTMLButtonElement>(
        '[data-testid="group-toggle"][aria-expanded="false"]',
      );
      for (const toggle of closed) toggle.click();
      return closed.length === 0;
    });
    // The opened groups' messages render after their toggles' clicks: waited for, not read once.
    await expect
      .poll(() =>
        popup.evaluate(missingTexts, {
          scope: '[data-testid="message-item"]',
          texts: TITLES,
        }),
      )
      .toEqual([]);
    await expectClean(popup, 'messages');
    await popup.click(`${item(thread.message)} [data-testid="thread-toggle"]`);
    await popup.waitFor(
      (ids) =>
        (ids as number[]).every((id) =>
          document.querySelector(`[data-testid="comment"][data-comment-id="${id}"]`),
        ),
      [thread.top.id, ...thread.replies.map((r) => r.id)],
      { timeout: 20_000 },
    );
    expect(
      await popup.evaluate(missingTexts, {
        scope: '[data-testid="thread"], [data-testid="comment"]',
        texts: [thread.top, ...thread.replies].map((c) => c.content),
      }),
    ).toEqual([]);
    await popup.waitFor(() => document.querySelector('[data-testid="reply-box"]') !== null);
    await expectClean(popup, 'messages: conversation');
    await screenshot(popup, `popup-messages-${name}`);
    await popup.close();
  });

  it('the popup: search results and the project, person and studio views; the options page', async () => {
    const { projects, commented, studio } = w();
    await browser().setStorage('local', { popupTab: 'explore' });
    const popup = await browser().openPopup();
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    await popup.waitFor(
      () => document.querySelectorAll('[data-testid="featured-row"]').length > 0,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await expectClean(popup, 'explore home');
    await keyboard(popup, SEARCH_WORD);
    const results = `[data-testid="search-results"][data-query="${SEARCH_WORD}"]`;
    await popup.waitFor(
      ({ results, ids }) =>
        ids.every((id) =>
          document.querySelector(`${results} [data-testid="project-card"][data-project-id="${id}"]`),
        ),
      { results, ids: projects.map((p) => p.id) },
      { timeout: 20_000 },
    );
    expect(await popup.evaluate(missingTexts, { scope: results, texts: TITLES })).toEqual([]);
    await expectClean(popup, 'search results');

    const open = async (address: string, view: string) => {
      await popup.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
        input?.focus();
        input?.select();
      });
      await keyboard(popup, address);
      await popup.click('[data-testid="search-open-direct"]');
      await popup.waitFor((s) => document.querySelector(s as string) !== null, view, { timeout: 20_000 });
      await popup.evaluate(() => window.scrollTo(0, 0));
    };
    // The project: hostile title, 5,000 characters of notes, hostile instructions.
    const projectView = `[data-testid="project-view"][data-project-id="${commented.id}"]`;
    await open(`${site()}/projects/${commented.id}/`, projectView);
    await popup.waitFor(
      ({ view, texts }) => {
        const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
        const shown = tidy(document.querySelector(view)?.textContent ?? '');
        return texts.every((t) => shown.includes(tidy(t)));
      },
      {
        view: projectView,
        texts: [commented.title, commented.instructions, LONG_HOSTILE_TEXT.slice(0, 300)],
      },
      { timeout: 20_000 },
    );
    await expectClean(popup, 'project view');
    await screenshot(popup, `popup-project-${name}`);
    // Mallory: the 5,000-character bio, the script status.
    const userView = '[data-testid="user-view"][data-username="mallory"]';
    await popup.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="back"]')?.click());
    await open(`${site()}/users/mallory/`, userView);
    await popup.waitFor(
      ({ view, texts }) => {
        const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
        const shown = tidy(document.querySelector(view)?.textContent ?? '');
        return texts.every((t) => shown.includes(tidy(t)));
      },
      { view: userView, texts: [HOSTILE_STRINGS[0] as string, LONG_HOSTILE_TEXT.slice(0, 300)] },
      { timeout: 20_000 },
    );
    await expectClean(popup, 'person view');
    // The studio: hostile title, description with an open override, hostile comments.
    const studioView = `[data-testid="studio-view"][data-studio-id="${studio.id}"]`;
    await popup.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="back"]')?.click());
    await open(`${site()}/studios/${studio.id}/`, studioView);
    await popup.waitFor(
      (view) => document.querySelectorAll(`${view} [data-testid="studio-comment"]`).length >= 3,
      studioView,
      { timeout: 20_000 },
    );
    expect(
      await popup.evaluate(missingTexts, {
        scope: studioView,
        texts: [studio.title, HOSTILE_STRINGS[1] as string, HOSTILE_STRINGS[8] as string],
      }),
    ).toEqual([]);
    await expectClean(popup, 'studio view');
    await screenshot(popup, `popup-studio-${name}`);
    await popup.close();

    // Swept once every fieldset shows (each shows once its own item is read, in no set order).
    const options = await openSettings(browser());
    await expectClean(options, 'options page');
    await options.close();
  });
});
