/**
 * The background's feed service in both real browsers against the sandbox: the member it keeps for
 * other pages, the cache it fills when an extension page asks (the popup's protocol messages sent
 * from the options page, so no popup code is involved), its fresh window, its next page, and the
 * options page's setting for new-project notifications. (The popup on top of it:
 * popup-feed.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, useBrowser, withSandbox } from './harness';
import { openSettings } from './harness/settings-page';
import type { TestPage } from './harness/test-page';

const sandbox = withSandbox();
const FEED_PATHS =
  /^\/users\/[^/]+\/following\/(users\/activity|users\/projects|users\/loves|studios\/projects)$/;

/** Sends one message of lib/protocol/messaging.ts from an extension page, the way @webext-core/messaging does. */
function send(page: TestPage, type: string, data: unknown) {
  return page.evaluate(
    async ({ type, data }) => {
      type Runtime = { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      const scope = globalThis as { browser?: Runtime; chrome?: Runtime };
      const api = (scope.browser ?? scope.chrome) as Runtime;
      const answer = (await api.runtime.sendMessage({ id: 1, type, data, timestamp: Date.now() })) as {
        err?: { message: string };
      };
      if (answer?.err) throw new Error(answer.err.message);
      return null;
    },
    { type, data },
  );
}

interface CachedList {
  items: { id: number | string }[];
  nextOffset: number;
  readAt: number;
  loading: string | null;
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const feedRequests = (since: number) =>
    sandbox()
      .control.requestLog({ part: 'api' })
      .filter((entry) => Date.parse(entry.time) >= since && FEED_PATHS.test(entry.path));
  const cachedFeed = async () => {
    const { feedCache } = await browser().readStorage('local', ['feedCache']);
    return (feedCache as Record<string, Record<string, CachedList>> | undefined)?.[DEMO_USERNAME];
  };

  it('keeps the signed-in member (never the token) for the popup, and follows sign-out and sign-in', async () => {
    // Signed out the item is removed (the storage library removes null values): read as null.
    const member = async () => (await browser().readStorage('local', ['member'])).member ?? null;
    await expect.poll(member).toMatchObject({ username: DEMO_USERNAME });
    expect(Object.keys((await member()) as object).sort()).toEqual(['avatarUrl', 'id', 'username']);
    await browser().signOut();
    await expect.poll(member).toBeNull();
    await browser().signIn(DEMO_USERNAME);
    await expect.poll(member).toMatchObject({ username: DEMO_USERNAME });
  });

  it('fills the feed and the three sections when an extension page asks, then reads nothing for a minute', async () => {
    await browser().setStorage('local', { feedCache: {} });
    const options = await browser().openExtensionPage('/options.html');
    const since = Date.now();
    await send(options, 'refreshFeed', { lists: ['activity', 'shared', 'loved', 'studios'] });
    const feed = await cachedFeed();
    for (const list of ['activity', 'shared', 'loved', 'studios']) {
      expect(feed?.[list]?.items, list).toHaveLength(40);
      expect(feed?.[list]?.loading, list).toBeNull();
    }
    const requests = feedRequests(since);
    expect(requests).toHaveLength(4);
    expect(requests.every((entry) => entry.hasToken && entry.status === 200)).toBe(true);

    // Asked again at once (another popup opening): the lists are fresh, nothing is read.
    await send(options, 'refreshFeed', { lists: ['activity', 'shared', 'loved', 'studios'] });
    expect(feedRequests(since)).toHaveLength(4);

    // The end of the activity came into view: the next page, at offset=40.
    await send(options, 'loadMoreFeed', { list: 'activity' });
    const more = feedRequests(since).slice(4);
    expect(more.map((entry) => new URLSearchParams(entry.query).get('offset'))).toEqual(['40']);
    expect((await cachedFeed())?.activity?.items).toHaveLength(80);
    await options.close();
  });

  it('offers new-project notifications (off by default) and the event filters in the settings', async () => {
    // Every fieldset shows once its own item is read: the switch's state and the filters read
    // once, and clicked, only then.
    const options = await openSettings(browser());
    expect(
      await options.evaluate(
        () => document.querySelector<HTMLInputElement>('[data-testid="setting-feed-notifications"]')?.checked,
      ),
    ).toBe(false);
    expect(await options.text('[data-testid="settings-feed"] > legend')).toBe('Feed');

    // The popup's event filters are settings here too, shared with the popup.
    const kinds = async () =>
      (
        (await browser().readStorage('sync', ['feedSettings'])).feedSettings as {
          kinds?: Record<string, boolean>;
        }
      )?.kinds;
    const loves = '[data-testid="setting-feed-kind"][data-kind="loves"]';
    await options.click(loves);
    await expect.poll(async () => (await kinds())?.loves).toBe(false);
    expect((await kinds())?.follows).toBe(true);
    await options.click(loves);
    await expect.poll(async () => (await kinds())?.loves).toBe(true);
    await options.close();
  });

  it('reads nothing signed out, even when asked', async () => {
    await browser().signOut();
    const options = await browser().openExtensionPage('/options.html');
    // Signed out the item is removed (the storage library removes null values): read as null.
    const member = async () => (await browser().readStorage('local', ['member'])).member ?? null;
    await expect.poll(member).toBeNull();
    const since = Date.now();
    await send(options, 'refreshFeed', { lists: ['activity', 'shared'], force: true });
    await send(options, 'loadMoreFeed', { list: 'activity' });
    expect(feedRequests(since)).toEqual([]);
    expect(
      sandbox()
        .control.requestLog({ part: 'api' })
        .filter((entry) => Date.parse(entry.time) >= since && entry.hasToken),
    ).toEqual([]);
    await options.close();
    await browser().signIn(DEMO_USERNAME);
  });
});
