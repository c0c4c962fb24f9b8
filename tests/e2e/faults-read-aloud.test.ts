/**
 * Read aloud on site pages under every fault of the sandbox's control interface (the fault matrix,
 * tests/e2e/harness/fault-matrix.ts), in real Chromium (audio in the offscreen document) and
 * Firefox (in the background page): while the speech helper fails, the button comes back ready
 * ("Read aloud", not pressed, not stuck on "Stop reading") with a sentence beside it, with no retry
 * storm; translation on the same page and the popup still work; and when the fault ends, the same
 * button reads (its state `playing`), without a reload. The sound itself is not asserted.
 */
import { expect } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { Comment, Project } from '@/sandbox/model';
import { BROWSER_NAMES, type TestPage, withSandbox } from './harness';
import type { ExtensionBrowser } from './harness/extension-browser';
import { describeFaultMatrix, FAULTS, type FaultName, type FaultSurface } from './harness/fault-matrix';
import { projectsWithPlainComments } from './harness/plain-comments';
import { clickCentered, mostRequests, popupOpensProjectView, someSharedProject } from './harness/still-works';

const sandbox = withSandbox();

const FAILED = 'This text could not be read aloud.';
/**
 * Requests one click may cost while the helper fails (a GET is retried 3 times after a 5xx, a 429
 * or a network error; the browser's network stack tries a dropped connection again: mostRequests).
 */
const MOST_REQUESTS: Record<FaultName, number> = {
  'server error': 4,
  'rate limited': 4,
  timeout: 1,
  'malformed body': 1,
  'truncated body': 1,
  'network gone': 4,
  'session expired': 2,
};

/** A project someone else owns with plain comments on its first page: one to read, one to translate per fault. */
function projectWithComments(sandbox: RunningSandbox): { project: Project; comments: Comment[] } {
  for (const { project, comments } of projectsWithPlainComments(sandbox)) {
    // The one read first: short, so it is one piece (nothing fetched ahead into the next fault).
    const short = comments.findIndex((c) => c.content.trim().length <= 120);
    if (short === -1 || comments.length < 1 + FAULTS.length) continue;
    const [read] = comments.splice(short, 1);
    return { project, comments: [read as Comment, ...comments] };
  }
  throw new Error('The seed has no project with enough plain comments');
}

let chosen: { project: Project; comments: Comment[] } | null = null;
const chosenProject = () => {
  chosen ??= projectWithComments(sandbox());
  return chosen;
};
/** The comment read aloud (the same each time: speech is not cached). */
const readComment = () => chosenProject().comments[0] as Comment;
const selectorOf = (comment: Comment) => `#comments-${comment.id}`;
const readButton = () => `${selectorOf(readComment())} button[data-companion="read-aloud"]`;

const pages = new WeakMap<ExtensionBrowser, { page: TestPage; askedFrom?: number }>();
const stateOf = (browser: ExtensionBrowser) => {
  const state = pages.get(browser);
  if (!state) throw new Error('not primed');
  return state;
};

const syntheses = (since: number): RequestLogEntry[] =>
  sandbox()
    .control.requestLog({ part: 'synthesis', pattern: '/synth' })
    .filter((entry) => Date.parse(entry.time) >= since && entry.method === 'GET');

/** What the read-aloud button shows. */
function button(page: TestPage) {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    const error = document.querySelectorAll('[data-companion="read-aloud-error"]');
    return {
      state: element?.getAttribute('data-state') ?? null,
      pressed: element?.getAttribute('aria-pressed') ?? null,
      label: element?.textContent ?? null,
      sentence: element?.nextElementSibling?.matches('[data-companion="read-aloud-error"]')
        ? element.nextElementSibling.textContent
        : null,
      sentences: error.length,
    };
  }, readButton());
}

/**
 * Every state the read button has shown since `recordStates`, in order: a reading of a few seconds
 * may start and end between two polls of a busy machine, and a wait that failed says what the
 * member saw instead.
 */
const RECORDED_STATES = '__companionReadAloudStates';

function recordStates(page: TestPage) {
  return page.evaluate(
    ({ s, key }) => {
      const record: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = record;
      const note = () => {
        const state = document.querySelector(s)?.getAttribute('data-state') ?? 'none';
        if (record.at(-1) !== state) record.push(state);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    },
    { s: readButton(), key: RECORDED_STATES },
  );
}

const statesSeen = (page: TestPage) =>
  page.evaluate((key) => [...((window as unknown as Record<string, string[]>)[key] ?? [])], RECORDED_STATES);

/**
 * Waits until the button has shown `state` since the recording's entry `from` (for `playing`, which
 * passes) or shows it now (`idle`, `error`: where a reading or a failure comes to rest).
 */
async function waitForState(page: TestPage, state: string, from?: number) {
  try {
    await page.waitFor(
      ({ s, state, key, from }) => {
        const seen = (window as unknown as Record<string, string[]>)[key] ?? [];
        return from === null
          ? document.querySelector(s)?.getAttribute('data-state') === state
          : seen.slice(from).includes(state);
      },
      { s: readButton(), state, key: RECORDED_STATES, from: from ?? null },
    );
  } catch (error) {
    const log = syntheses(0)
      .slice(-6)
      .map((entry) => `${entry.time} ${entry.status}`);
    throw new Error(
      `${(error as Error).message.slice(0, 200)}; the button shows ${JSON.stringify(await button(page))}; ` +
        `its states: ${(await statesSeen(page)).join(' → ')}; the helper's last answers: ${log.join(', ')}`,
    );
  }
}

/** A member's click on a comment's button: the comment scrolled to first (its buttons come when it is near the screen). */
const click = async (page: TestPage, selector: string) => {
  const comment = selector.split(' ')[0] ?? selector;
  await page.evaluate((s) => document.querySelector(s)?.scrollIntoView({ block: 'center' }), comment);
  await clickCentered(page, selector);
};

/** A click on the read button; returns where the recording stood before it, for `waitForState`. */
async function clickRead(page: TestPage): Promise<number> {
  const from = (await statesSeen(page)).length;
  await click(page, readButton());
  return from;
}

/**
 * Starts the reading, sees it play, stops it: the button ready again. A reading that ended on its
 * own before the check looked (a few seconds of audio on a busy machine) is ready already.
 */
async function readAndStop(page: TestPage) {
  await waitForState(page, 'playing', await clickRead(page));
  // Its state and how it looks, read at one moment (the reading may end between two reads).
  const now = await button(page);
  if (now.state !== 'playing') {
    await waitForState(page, 'idle');
    return;
  }
  expect(now).toMatchObject({ pressed: 'true', label: 'Stop reading', sentences: 0 });
  await click(page, readButton());
  await waitForState(page, 'idle');
}

const surface: FaultSurface = {
  name: 'read aloud',
  routes: [{ part: 'synthesis' }],

  async prime({ browser }) {
    await browser.setStorage('sync', {
      translationSettings: { language: '', readAloud: true, voice: 'female' },
    });
    const page = await browser.openPage(`${browser.profile.site}/projects/${chosenProject().project.id}/`);
    await page.waitFor(() => document.querySelectorAll('button[data-companion="read-aloud"]').length >= 3);
    await recordStates(page);
    await readAndStop(page);
    pages.set(browser, { page });
  },

  async askAgain({ browser }) {
    const state = stateOf(browser);
    state.askedFrom = await clickRead(state.page);
  },

  async expectDuringFault({ browser, fault, appliedAt }) {
    const { page, askedFrom } = stateOf(browser);
    if (fault.expect === 'works') {
      // The helper needs no session: reading goes on (and is stopped, unless it ended already).
      await waitForState(page, 'playing', askedFrom);
      if ((await button(page)).state === 'playing') await click(page, readButton());
      await waitForState(page, 'idle');
    } else {
      await waitForState(page, 'error');
      expect(await button(page)).toEqual({
        state: 'error',
        pressed: 'false',
        label: 'Read aloud',
        sentence: FAILED,
        sentences: 1,
      });
    }
    expect(syntheses(appliedAt ?? 0).length).toBeLessThanOrEqual(
      mostRequests(browser, fault, MOST_REQUESTS[fault.name]),
    );
  },

  async expectRestWorks({ browser, sandbox, fault }) {
    // Translation on the same page (another helper) answers, and the popup reads from the service.
    const state = stateOf(browser);
    const comment = chosenProject().comments[
      1 + FAULTS.findIndex((row) => row.name === fault.name)
    ] as Comment;
    await click(state.page, `${selectorOf(comment)} button[data-companion="translate"]`);
    await state.page.waitFor(
      (s) => document.querySelector(`${s} [data-companion="translation"]`) !== null,
      selectorOf(comment),
    );
    await popupOpensProjectView(browser, someSharedProject(sandbox));
  },

  async expectRecovered({ browser }) {
    const state = stateOf(browser);
    // The same button reads again, and its sentence goes.
    await readAndStop(state.page);
    expect((await button(state.page)).sentences).toBe(0);
  },
};

describeFaultMatrix(BROWSER_NAMES, surface, { sandbox, signedInAs: DEMO_USERNAME });
