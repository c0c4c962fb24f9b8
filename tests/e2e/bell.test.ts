/**
 * The bell ("Following closely") in real Chromium (public build, live host names
 * mapped onto the sandbox) and Firefox (local build), signed in as demo, who follows many people:
 * the bell rung with the keyboard alone on one of them from a What's Happening row, then silenced and
 * rung again from that person's view in Explore; a project that person shares (added on the sandbox)
 * shows first, in the feed's "Following closely" section; the bell survives reopening the popup;
 * the request log has no kind of request the popup did not make before any bell; the settings page
 * lists the bell and removes it; axe finds nothing serious, light and dark. In Firefox, which can
 * grant the notifications permission in a test: with new-project notifications on, a project of the
 * belled person and one of another person followed are shared, and only the belled one notifies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  BROWSER_NAMES,
  seriousAxeFindings,
  seriousAxeFindingsInEachScheme,
  type TestPage,
  useBrowser,
  withSandbox,
} from './harness';
import { ownKey } from './harness/own-keys';
import { openSettings } from './harness/settings-page';
import { typeInto } from './harness/type-into';

const sandbox = withSandbox();

type ExtensionApi = typeof browser;
const ITEM = '[data-testid="feed-item"]';
const SECTION = '[data-testid="following-closely"]';
const bellOf = (username: string) => `button[data-testid="bell"][data-user="${username}"]`;
const TOP = '[data-testid="explore"] > div:not([hidden])';

async function press(page: TestPage, key: string) {
  if (page.raw.kind === 'playwright') await page.raw.page.keyboard.press(key);
  else await page.raw.page.keyboard.press(key as never);
}

/** Presses Tab (real key presses) until the focus is on `selector`; fails past `most` presses. */
async function tabTo(page: TestPage, selector: string, most = 80) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) === true, selector)) return;
    await press(page, 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const pressedOf = (page: TestPage, selector: string) =>
  page.evaluate((s) => {
    const button = document.querySelector<HTMLButtonElement>(s);
    return button === null
      ? null
      : {
          marker: button.dataset.followingClosely,
          pressed: button.getAttribute('aria-pressed'),
          name: button.getAttribute('aria-label'),
        };
  }, selector);

describe.each(BROWSER_NAMES)('%s', (name) => {
  beforeAll(() => sandbox().control.reset());
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME, grantNotifications: true });
  const store = () => sandbox().control.store;
  /** The route kinds (e.g. `/users/:username/following/users/activity`) the browser asked for. */
  const routes = () =>
    new Set(
      sandbox()
        .control.requestLog({ part: 'api' })
        // Pictures are <img>s of what a view shows, not reads of the interface.
        .filter((e) => !e.route.includes(':image'))
        .map((e) => `${e.method} ${e.route}`),
    );
  let belled = '';
  let other = '';
  let before = new Set<string>();

  const readBells = async () =>
    (await browser().readStorage('sync', [ownKey(sandbox(), 'followingClosely', DEMO_USERNAME)]))[
      ownKey(sandbox(), 'followingClosely', DEMO_USERNAME)
    ] as { people: string[]; studios: unknown[] } | undefined;

  async function openFeed(): Promise<TestPage> {
    await browser().setStorage('local', { popupTab: 'feed' });
    const popup = await browser().openPopup();
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM, { timeout: 20_000 });
    return popup;
  }

  async function openPerson(popup: TestPage, username: string): Promise<string> {
    await popup.click('[data-testid="popup-tab-explore"]');
    const input = '[data-testid="search-input"]';
    await popup.waitFor((s) => document.querySelector(s) !== null, input, { timeout: 20_000 });
    // The address at once (one input event): typed letter by letter, its beginnings would be searched.
    await typeInto(popup, input, `${browser().profile.site}/users/${username}/`);
    await popup.waitFor((s) => document.querySelector(s) !== null, '[data-testid="search-open-direct"]');
    await tabTo(popup, '[data-testid="search-open-direct"]');
    await press(popup, 'Enter');
    const view = `${TOP} [data-testid="user-view"][data-username="${username}"]`;
    await popup.waitForText(`${view} h1`, username, { timeout: 20_000 });
    // Their projects, read as the view opens (a grid, or a sentence saying there are none).
    await popup.waitFor(
      (s) => document.querySelector(`${s} .x-list-panel :is(.x-grid, .empty:not(.loading))`) !== null,
      view,
      { timeout: 20_000 },
    );
    return view;
  }

  it('rings the bell on one followed person from a feed row and from their view, with the keyboard alone', async () => {
    const popup = await openFeed();
    // What the popup asked for before any bell: the feed, the Shared section, a person's view.
    await popup.click('[data-testid="feed-section-shared"]');
    await popup.waitFor(() => document.querySelector('[data-testid="project-card"]') !== null, undefined, {
      timeout: 20_000,
    });
    await popup.click('[data-testid="feed-section-activity"]');
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM);
    // The first row naming its actor: demo follows them (What's Happening is the followed people's).
    // Waited for, not read once: the rows may show a moment before their bells.
    belled = (await popup.waitFor(
      (s) =>
        document.querySelector<HTMLElement>(`${s}:not([data-type="becomeownerstudio"]) [data-testid="bell"]`)
          ?.dataset.user ?? '',
      ITEM,
    )) as string;
    const demo = store().getUser(DEMO_USERNAME);
    const followed = store()
      .followingOf(demo?.id ?? -1)
      .map((u) => u.username);
    expect(followed.length).toBeGreaterThan(2);
    expect(followed).toContain(belled);
    other = followed.find((u) => u !== belled) ?? '';

    // Nothing rung yet: every bell says what a press does.
    const row = `${ITEM}:not([data-type="becomeownerstudio"]) ${bellOf(belled)}`;
    expect(await pressedOf(popup, row)).toEqual({
      marker: 'false',
      pressed: 'false',
      name: `Get new projects from ${belled}`,
    });
    expect(
      await popup.evaluate(() => document.querySelector('[data-testid="following-closely"]')),
    ).toBeNull();
    await openPerson(popup, other);
    before = routes();
    await popup.close();

    // The keyboard alone: Tab to the row's bell, Space rings it.
    const feed = await openFeed();
    await tabTo(feed, row);
    await press(feed, ' ');
    await feed.waitFor((s) => document.querySelector(s)?.getAttribute('aria-pressed') === 'true', row);
    expect(await pressedOf(feed, row)).toEqual({
      marker: 'true',
      pressed: 'true',
      name: `Stop new projects from ${belled}`,
    });
    // Every row of theirs shows it rung; another person's does not.
    expect(
      await feed.evaluate(
        (s) => [...document.querySelectorAll(s)].map((b) => b.getAttribute('data-following-closely')),
        bellOf(belled),
      ),
    ).not.toContain('false');
    // Saved a moment after the bell shows rung.
    await expect.poll(readBells).toEqual({ people: [belled], studios: [] });
    // The section is there at once (their recent projects, or a sentence saying there are none yet).
    await feed.waitFor((s) => document.querySelector(s) !== null, SECTION);

    // Their view in Explore shows it rung; Enter silences it, Enter rings it again.
    const view = await openPerson(feed, belled);
    const viewBell = `${view} ${bellOf(belled)}`;
    // The view's bell and what it says come with the bells' stored state, not with the view's heading.
    await expect.poll(async () => (await pressedOf(feed, viewBell))?.pressed).toBe('true');
    // A person the feeds may not carry: said beside the bell.
    expect(
      await feed.waitForText(`${view} [data-testid="bell-status"]`, 'only from people you follow'),
    ).toContain('only from people you follow');
    await tabTo(feed, viewBell);
    await press(feed, 'Enter');
    await feed.waitFor((s) => document.querySelector(s)?.getAttribute('aria-pressed') === 'false', viewBell);
    await expect.poll(readBells).toEqual({ people: [], studios: [] });
    await press(feed, 'Enter');
    await feed.waitFor((s) => document.querySelector(s)?.getAttribute('aria-pressed') === 'true', viewBell);
    await expect.poll(readBells).toEqual({ people: [belled], studios: [] });
    await feed.close();
  });

  it('shows their new project first in Following closely, keeps the bell after reopening, and asks for no new kind of request', async () => {
    if (name === 'firefox') {
      // New-project notifications on (Firefox grants the permission in tests): the switch's first
      // check records where the lists stand, and the bell already rung.
      await browser().tune({ ignoreIdle: true });
      const options = await browser().openExtensionPage('/options.html');
      const toggle = '[data-testid="setting-feed-notifications"]';
      await options.waitFor((s) => document.querySelector(s) !== null, toggle, { timeout: 20_000 });
      await options.click(toggle);
      // Stored before the page closes: the box shows the click at once, the setting is written after
      // the permission's answer (closed sooner, the page would take the write with it).
      await expect
        .poll(
          async () =>
            (
              (await browser().readStorage('sync', ['feedSettings'])).feedSettings as
                | { newProjectNotifications?: boolean }
                | undefined
            )?.newProjectNotifications,
          { timeout: 20_000 },
        )
        .toBe(true);
      await options.close();
      await expect
        .poll(
          async () => {
            const { feedNotifier } = await browser().readStorage('local', ['feedNotifier']);
            return (feedNotifier as { bells?: { people: string[] } } | undefined)?.bells?.people ?? null;
          },
          { timeout: 20_000 },
        )
        .toEqual([belled.toLowerCase()]);
    }
    const theirs = sandbox().control.shareProject({ author: belled, title: 'Bell: the belled one' }).project;
    const notTheirs = sandbox().control.shareProject({ author: other, title: 'Bell: someone else' }).project;

    const popup = await openFeed();
    // Rung still, after the popup closed and opened again (the bells' stored state, read as it opens).
    await expect.poll(async () => (await pressedOf(popup, bellOf(belled)))?.pressed).toBe('true');
    // The member asks for the newest (the list was read less than a minute ago).
    await popup.click('[data-testid="feed-refresh"]');
    const card = `${SECTION} [data-testid="project-card"]`;
    await popup.waitFor(
      (s) => document.querySelector(s)?.getAttribute('data-project-id') !== undefined,
      card,
      {
        timeout: 20_000,
      },
    );
    await popup.waitFor(
      ({ card, id }) => document.querySelector(card)?.getAttribute('data-project-id') === String(id),
      { card, id: theirs.id },
      { timeout: 20_000 },
    );
    const shown = await popup.evaluate(
      (s) =>
        [...document.querySelectorAll<HTMLElement>(s)].map((c) => ({
          id: Number(c.dataset.projectId),
          text: c.querySelector('.card-sub')?.textContent,
        })),
      card,
    );
    // First, by them; nothing of anyone else's.
    expect(shown[0]).toEqual({ id: theirs.id, text: `by ${belled}` });
    expect(shown.map((c) => c.id)).not.toContain(notTheirs.id);
    expect(shown.every((c) => c.text === `by ${belled}`)).toBe(true);
    // The section comes before the feed's sections.
    expect(
      await popup.evaluate(
        (s) =>
          (document
            .querySelector(s)
            ?.compareDocumentPosition(
              document.querySelector('[data-testid="feed-section-activity"]') as Node,
            ) ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING,
        SECTION,
      ),
    ).toBeTruthy();

    if (name === 'firefox') {
      // The Shared list as a member refreshes it: the notifier reads the same cache.
      await popup.click('[data-testid="feed-section-shared"]');
      await popup.click('[data-testid="feed-refresh"]');
      await popup.waitFor(
        (id) => document.querySelector(`[data-feed="shared"] [data-project-id="${id}"]`) !== null,
        notTheirs.id,
        { timeout: 20_000 },
      );
      // A period later (the stored time of the last check moved back by one), the alarm fires.
      const { feedNotifier } = await browser().readStorage('local', ['feedNotifier']);
      await browser().setStorage('local', { feedNotifier: { ...(feedNotifier as object), checkedAt: 0 } });
      await browser().evaluateInExtension(async () => {
        const api = (globalThis as { browser?: ExtensionApi }).browser;
        await api?.alarms.create('feed-new-projects', { when: Date.now() + 200, periodInMinutes: 15 });
      }, null);
      const feedNotifications = () =>
        browser().evaluateInExtension(async () => {
          const api = (globalThis as { browser?: ExtensionApi }).browser;
          // Firefox answers with each notification's options (the types say only `true`).
          const all = ((await api?.notifications.getAll()) ?? {}) as unknown as Record<
            string,
            { title?: string; message?: string }
          >;
          return Object.entries(all)
            .filter(([id]) => id.startsWith('companion-feed|'))
            .map(([, n]) => ({ title: n.title, message: n.message }));
        }, null);
      await expect.poll(feedNotifications, { timeout: 20_000 }).toHaveLength(1);
      expect(await feedNotifications()).toEqual([
        { title: `New project by ${belled}`, message: 'Bell: the belled one' },
      ]);
    }

    // Every request since the first bell is of a kind the popup asked for before any bell.
    const after = [...routes()].filter((route) => !before.has(route));
    expect(after).toEqual([]);
    expect(sandbox().control.requestLog({ pattern: '/studios/*/projects' })).toEqual([]);
    await popup.close();
  });

  it('has no serious accessibility finding in the feed with a bell, light and dark', async () => {
    const popup = await openFeed();
    await popup.waitFor((s) => document.querySelector(s) !== null, SECTION);
    expect(await seriousAxeFindingsInEachScheme(popup), 'axe').toEqual({ light: [], dark: [] });
    await popup.close();
  });

  it('lists the bell on the settings page, and its button removes it', async () => {
    // Every fieldset shown before the page is scanned and read (each shows once its item is read).
    const options = await openSettings(browser());
    const entry = `[data-testid="settings-following-closely"] [data-testid="belled"][data-user="${belled}"]`;
    await options.waitFor((s) => document.querySelector(s) !== null, entry, { timeout: 20_000 });
    expect(await options.text(`${entry} [data-testid="bell-remove"]`)).toBe(`Remove ${belled}`);
    expect(await seriousAxeFindings(options)).toEqual([]);
    await tabTo(options, `${entry} [data-testid="bell-remove"]`, 200);
    await press(options, 'Enter');
    await options.waitFor(() => document.querySelector('[data-testid="bells-empty"]') !== null);
    await expect.poll(readBells).toEqual({ people: [], studios: [] });
    await options.close();
  });
});
