/**
 * Every context of the extension works in both real browsers, with the production builds (each
 * context on webextension-polyfill's `browser`): the background starts, the popup renders its
 * answer, the content script runs on site pages (and only there), messages named like members of
 * `Object.prototype` get the background's refusal, and the sandbox's signed-in user is what the
 * site shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { readBuiltManifest } from './harness/paths';

const sandbox = withSandbox();

/**
 * Names of `Object.prototype`'s members. @webext-core/messaging looks a message's handler up by name
 * in a plain object, so these would reach Object.prototype's functions and get their results back
 * as answers; lib/protocol/checked-messages.ts's listener, registered before the library's, answers them
 * with a refusal. Only the first answer reaches the sender: getting the refusal proves it came
 * first. (Both browsers here have the native `browser`, which webextension-polyfill hands on; its
 * wrapper, for Chrome before 148, is checked in lib/composition/checked-protocol-polyfill.test.ts.)
 */
const INHERITED_NAMES = [
  'toString',
  'constructor',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
];

type Answer = { res?: unknown; err?: unknown } | { lastError: string } | null;

/**
 * Sends protocol envelopes as @webext-core/messaging does (the callback API; `type` and `timestamp`
 * set, so the library's listener in the background takes them as its own), all at once, and returns
 * each one's answer. Serialised: runs in an extension page or in a content script's world.
 */
function sendEnvelopes(types: readonly string[]): Promise<Answer[]> {
  const { runtime } = (
    globalThis as unknown as {
      chrome: {
        runtime: {
          sendMessage(message: unknown, callback: (answer: unknown) => void): void;
          lastError?: { message?: string };
        };
      };
    }
  ).chrome;
  return Promise.all(
    types.map(
      (type, id) =>
        new Promise<Answer>((resolve) => {
          runtime.sendMessage({ id, type, data: undefined, timestamp: Date.now() }, (answer) => {
            const lastError = runtime.lastError;
            resolve(lastError ? { lastError: String(lastError.message) } : ((answer as Answer) ?? null));
          });
        }),
    ),
  );
}

/**
 * Runs `sendEnvelopes` in the world of the extension's content script on `page` (Chromium: the
 * isolated world DevTools reports with the extension's origin), as the content script would send.
 */
async function sendFromContentScript(page: TestPage, extensionOrigin: string, types: readonly string[]) {
  if (page.raw.kind !== 'playwright') throw new Error('Content-script worlds are reached in Chromium only');
  const session = await page.raw.page.context().newCDPSession(page.raw.page);
  try {
    const worlds: { id: number; origin: string }[] = [];
    session.on('Runtime.executionContextCreated', ({ context }) => worlds.push(context));
    // Reports every existing context before it answers.
    await session.send('Runtime.enable');
    const world = worlds.find((context) => context.origin === extensionOrigin);
    if (!world) throw new Error(`No content-script world of ${extensionOrigin} in ${page.raw.page.url()}`);
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression: `(${sendEnvelopes.toString()})(${JSON.stringify(types)})`,
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`In the content script's world: ${exceptionDetails.text}`);
    return result.value as Answer[];
  } finally {
    await session.detach().catch(() => {});
  }
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const { version } = readBuiltManifest(name);

  it('starts the background, which answers the popup', async () => {
    const popup = await browser().openPopup();
    const status = await popup.waitForText('[data-testid="popup-status"]', 'Connected');
    expect(status).toBe(`Connected (version ${version}, ${browser().profile.name} site)`);
    await popup.close();
  });

  it('runs the content script on a site page, which marks it in a development install from the background’s mark', async () => {
    const page = await browser().openPage(`${browser().profile.site}/`);
    const marker = await page.waitFor(() => document.documentElement.dataset.companion);
    expect(marker).toBe(`ready ${version}`);
    await page.close();
  });

  const refusalsThenPing = () => [
    ...INHERITED_NAMES.map((type) => ({ err: { name: 'Error', message: `Unknown message: ${type}` } })),
    // Unpacked by the harness: a development install, the only kind whose pages get the ready marker.
    { res: { ok: true, version, profile: browser().profile.name, development: true } },
  ];

  it('refuses, first, a message named like an Object.prototype member, and keeps answering (popup)', async () => {
    const popup = await browser().openPopup();
    await popup.waitForText('[data-testid="popup-status"]', 'Connected');
    expect(await popup.evaluate(sendEnvelopes, [...INHERITED_NAMES, 'ping'])).toEqual(refusalsThenPing());
    await popup.close();
  });

  // Firefox's WebDriver BiDi reaches no content script's world; its background's listeners are the
  // same for every sender, and the popup's messages above take the same way.
  if (name === 'chromium') {
    it('refuses, first, a message named like an Object.prototype member, and keeps answering (content script)', async () => {
      const page = await browser().openPage(`${browser().profile.site}/`);
      await page.waitFor(() => document.documentElement.dataset.companion);
      const answers = await sendFromContentScript(page, browser().extensionOrigin, [
        ...INHERITED_NAMES,
        'ping',
      ]);
      expect(answers).toEqual(refusalsThenPing());
      await page.close();
    });
  }

  it('leaves a page that is not the site alone (the API origin)', async () => {
    // Two guards keep it so: the content script stops off the site's origin (the local build
    // matches every 127.0.0.1 port), and the background refuses pings from other tabs.
    // Open the API page first, then a site page: once the later page's content script has
    // answered, the earlier page's would have too, had it run.
    const apiPage = await browser().openPage(`${browser().profile.api}/users/${DEMO_USERNAME}`);
    const sitePage = await browser().openPage(`${browser().profile.site}/`);
    await sitePage.waitFor(() => document.documentElement.dataset.companion);
    expect(new URL(await apiPage.url()).origin).toBe(browser().profile.api);
    expect(await apiPage.evaluate(() => document.documentElement.dataset.companion ?? null)).toBeNull();
    await apiPage.close();
    await sitePage.close();
  });

  it('shows the signed-in demo user on the site, and nobody once signed out', async () => {
    const nameInNavigation = '#navigation .account-nav .profile-name';
    const page = await browser().openPage(`${browser().profile.site}/`);
    expect(await page.waitForText(nameInNavigation, DEMO_USERNAME)).toBe(DEMO_USERNAME);
    await browser().signOut();
    await page.goto(`${browser().profile.site}/`);
    expect(await page.text('#navigation .login-item')).toBe('Sign in');
    expect(await page.evaluate((selector) => document.querySelector(selector), nameInNavigation)).toBeNull();
    await browser().signIn(DEMO_USERNAME);
    await page.goto(`${browser().profile.site}/`);
    expect(await page.waitForText(nameInNavigation, DEMO_USERNAME)).toBe(DEMO_USERNAME);
    await page.close();
  });

  it('lets tests write and read extension storage and read the badge', async () => {
    await browser().setStorage('local', { 'e2e:probe': { written: name } });
    expect(await browser().readStorage('local', ['e2e:probe'])).toEqual({ 'e2e:probe': { written: name } });
    await browser().setStorage('local', { 'e2e:probe': null });
    const badge = await browser().badge();
    expect(typeof badge.text).toBe('string');
    expect(badge.title).toMatch(/Companion/);
  });

  it('saves a screenshot of each open page and the console log, as a failing test does', async () => {
    const page = await browser().openPage(`${browser().profile.site}/`);
    await page.evaluate((text) => console.log(text), `artifact probe ${name}`);
    const dir = await mkdtemp(join(tmpdir(), 'companion-artifacts-'));
    try {
      // Console lines reach the log asynchronously (Firefox: through its stdout).
      await expect.poll(() => browser().consoleLog().join('\n')).toContain(`artifact probe ${name}`);
      await browser().saveArtifacts(dir);
      const listed = readFileSync(join(dir, 'pages.txt'), 'utf8');
      expect(listed).toContain(`${browser().profile.site}/`);
      const firstShot = join(dir, 'page-1.png');
      expect(existsSync(firstShot)).toBe(true);
      expect(readFileSync(firstShot).subarray(1, 4).toString()).toBe('PNG');
      expect(readFileSync(join(dir, 'console.log'), 'utf8')).toContain(`artifact probe ${name}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await page.close();
    }
  });
});
