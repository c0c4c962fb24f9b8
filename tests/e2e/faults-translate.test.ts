/**
 * Translation on site pages under every fault of the sandbox's control interface (the fault matrix,
 * tests/e2e/harness/fault-matrix.ts), in real Chromium and Firefox: while the translation helper
 * fails, a comment the member asks to translate says so beside its "Try again", in the member's
 * words and by what went wrong, with no retry storm; a translation made before still shows (from
 * the background's cache, in another tab, with no request); the popup and the REST interface still
 * answer; and when the fault ends, "Try again" translates, without a reload.
 */
import { expect } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { translateText } from '@/sandbox/helpers/translator';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { Comment, Project } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import type { ExtensionBrowser } from './harness/extension-browser';
import { describeFaultMatrix, FAULTS, type FaultName, type FaultSurface } from './harness/fault-matrix';
import { projectsWithPlainComments } from './harness/plain-comments';
import { clickCentered, mostRequests, popupOpensProjectView, someSharedProject } from './harness/still-works';

const sandbox = withSandbox();

/** What the member reads beside "Try again", by fault (locales/en.yml, translate.error*). */
const SENTENCES: Record<FaultName, string | null> = {
  'server error': 'This text could not be translated.',
  'rate limited': 'The translator is busy. Wait a moment, then try again.',
  timeout: 'The translator did not answer. Check your connection, then try again.',
  'malformed body': 'This text could not be translated.',
  'truncated body': 'This text could not be translated.',
  'network gone': 'The translator did not answer. Check your connection, then try again.',
  'session expired': null,
};
/**
 * Requests one click may cost while the helper fails: a GET is retried 3 times after a 5xx, a 429
 * (after its Retry-After) or a network error, not after the rest; a dropped connection is tried
 * again by the browser's own network stack as well (harness/still-works.ts, mostRequests).
 */
const MOST_REQUESTS: Record<FaultName, number> = {
  'server error': 4,
  'rate limited': 4,
  timeout: 1,
  'malformed body': 1,
  'truncated body': 1,
  'network gone': 4,
  'session expired': 1,
};

/** A project someone else owns with at least 20 comments of distinct plain text on its first page. */
function busyProject(sandbox: RunningSandbox): { project: Project; comments: Comment[] } {
  for (const { project, comments } of projectsWithPlainComments(sandbox)) {
    if (comments.length >= 1 + 2 * FAULTS.length) return { project, comments };
  }
  throw new Error('The seed has no project with enough plain comments');
}

interface State {
  /** The tab where each fault's new comment is translated. */
  page: TestPage;
  /** A second tab of the same project: the translations made in `page` come from the cache here. */
  other: TestPage;
}
const states = new WeakMap<ExtensionBrowser, State>();
const stateOf = (browser: ExtensionBrowser) => {
  const state = states.get(browser);
  if (!state) throw new Error('not primed');
  return state;
};

let chosen: { project: Project; comments: Comment[] } | null = null;
const chosenProject = () => {
  chosen ??= busyProject(sandbox());
  return chosen;
};
/** Each fault's own comments (a failed row leaves the next ones untouched). */
const roundOf = (fault: { name: FaultName }) => FAULTS.findIndex((row) => row.name === fault.name);
/** The comment each fault translates anew, and the one translated before that must come from the cache. */
const faultComment = (fault: { name: FaultName }) =>
  chosenProject().comments[1 + 2 * roundOf(fault)] as Comment;
const cachedComment = (fault: { name: FaultName }) => chosenProject().comments[2 * roundOf(fault)] as Comment;
const selectorOf = (comment: Comment) => `#comments-${comment.id}`;

const translations = (since: number): RequestLogEntry[] =>
  sandbox()
    .control.requestLog({ part: 'translate', pattern: '/translate' })
    .filter((entry) => Date.parse(entry.time) >= since && entry.method === 'GET');

async function openProject(browser: ExtensionBrowser): Promise<TestPage> {
  const page = await browser.openPage(`${browser.profile.site}/projects/${chosenProject().project.id}/`);
  // Ready: the list's "Translate all" and the buttons of the comments near the screen.
  await page.waitFor(
    () =>
      document.querySelector('[data-companion="translate-all"]') !== null &&
      document.querySelectorAll('.comments-list button[data-companion="translate"]').length >= 3,
  );
  return page;
}

/** The member scrolls to the comment (its buttons come when it is near the screen) and clicks Translate. */
const clickTranslate = async (page: TestPage, comment: Comment) => {
  await page.evaluate(
    (s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }),
    selectorOf(comment),
  );
  await clickCentered(page, `${selectorOf(comment)} button[data-companion="translate"]`);
};

/** What a comment shows: its translation, its error sentence and retry, its button's state. */
function shown(page: TestPage, comment: Comment) {
  return page.evaluate((s) => {
    const root = document.querySelector(s);
    const button = root?.querySelector('button[data-companion="translate"]');
    const error = root?.querySelector('[data-companion="translation-error"]');
    return {
      translation: root?.querySelector('[data-companion="translation"]')?.textContent?.trim() ?? null,
      sentence: error?.querySelector('span')?.textContent ?? null,
      retry: error?.querySelector('button[data-companion="translation-retry"]')?.textContent ?? null,
      state: button?.getAttribute('data-state') ?? null,
      busy: button?.getAttribute('aria-busy') ?? null,
      errorsHere: root?.querySelectorAll('[data-companion="translation-error"]').length ?? 0,
    };
  }, selectorOf(comment));
}

const translationOf = (comment: Comment) => translateText(comment.content, 'en').trim();

const surface: FaultSurface = {
  name: 'translation on site pages',
  routes: [{ part: 'translate' }],

  async prime({ browser }) {
    // Both tabs open; in the first, one comment per fault translated (the helper and the cache work).
    const other = await openProject(browser);
    const page = await openProject(browser);
    for (const fault of FAULTS) {
      const comment = cachedComment(fault);
      await clickTranslate(page, comment);
      await page.waitFor(
        (s) => document.querySelector(`${s} [data-companion="translation"]`) !== null,
        selectorOf(comment),
      );
    }
    states.set(browser, { page, other });
  },

  async askAgain({ browser, fault }) {
    await clickTranslate(stateOf(browser).page, faultComment(fault));
  },

  async expectDuringFault({ browser, fault, appliedAt }) {
    const state = stateOf(browser);
    const comment = faultComment(fault);
    const sentence = SENTENCES[fault.name];
    if (sentence === null) {
      // The helper needs no session: translating goes on.
      await state.page.waitFor(
        (s) => document.querySelector(`${s} [data-companion="translation"]`) !== null,
        selectorOf(comment),
      );
    } else {
      await state.page.waitFor(
        (s) => document.querySelector(`${s} [data-companion="translation-error"]`) !== null,
        selectorOf(comment),
      );
      // The sentence by what went wrong, its retry, the button ready (not stuck on "Translating…"),
      // and no other comment touched.
      expect(await shown(state.page, comment)).toEqual({
        translation: null,
        sentence,
        retry: 'Try again',
        state: 'original',
        busy: 'false',
        errorsHere: 1,
      });
    }
    // A translation made before the fault shows in the other tab, from the cache: no request.
    const before = translations(appliedAt ?? 0).length;
    const cached = cachedComment(fault);
    await clickTranslate(state.other, cached);
    await state.other.waitFor(
      (s) => document.querySelector(`${s} [data-companion="translation"]`) !== null,
      selectorOf(cached),
    );
    expect(await shown(state.other, cached)).toMatchObject({
      translation: translationOf(cached),
      errorsHere: 0,
    });
    // No storm: the click cost at most what the client's retries allow, the cached one nothing.
    const sent = translations(appliedAt ?? 0).filter((entry) => entry.query.includes('text='));
    expect(sent.length).toBeLessThanOrEqual(mostRequests(browser, fault, MOST_REQUESTS[fault.name]));
    expect(translations(appliedAt ?? 0).length - before).toBeLessThanOrEqual(
      fault.name === 'timeout' ? 1 : 0,
    );
  },

  async expectRestWorks({ browser, sandbox }) {
    await popupOpensProjectView(browser, someSharedProject(sandbox));
  },

  async expectRecovered({ browser, fault }) {
    const state = stateOf(browser);
    const comment = faultComment(fault);
    if (SENTENCES[fault.name] !== null) {
      await clickCentered(state.page, `${selectorOf(comment)} [data-companion="translation-retry"]`);
    }
    await state.page.waitFor(
      (s) => document.querySelector(`${s} [data-companion="translation"]`) !== null,
      selectorOf(comment),
    );
    expect(await shown(state.page, comment)).toMatchObject({
      translation: translationOf(comment),
      sentence: null,
      state: 'shown',
      errorsHere: 0,
    });
  },
};

describeFaultMatrix(BROWSER_NAMES, surface, { sandbox, signedInAs: DEMO_USERNAME });
