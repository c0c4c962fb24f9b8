/**
 * Grouped rows in the popup's Messages tab and muting one studio's activity, in real Chromium
 * (public build, live host names mapped onto the sandbox) and Firefox (local build), signed in as
 * demo with everything read before and then thirty new messages of a mix (the sandbox's
 * `addMessageMix`): follows, loves and favorites of one project, one studio's activity, one forum
 * topic's posts. They show as groups whose counts add up to 30, each opening from the keyboard into
 * its messages, every one marked new; a search finds a message inside a group; muting the studio
 * from its activity's menu takes its 7 messages off the badge and folds them away, and the settings
 * list it with an Unmute button that brings them back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { MessageMix } from '@/sandbox/message-mix';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';
import { seriousAxeFindingsInEachScheme } from './harness/axe';
import { ownKey } from './harness/own-keys';

const sandbox = withSandbox();

const GROUP = '[data-testid="message-group"]';
const ITEM = '[data-testid="message-item"]';
/** The list's own rows (a group's opened messages are rows of the group, not of the list). */
const ROWS = `.messages > .message-list > :is(${GROUP}, ${ITEM})`;
const FOLD = '[data-testid="muted-fold"]';
const store = () => sandbox().control.store;

interface Row {
  testid: string;
  kind: string;
  count: number;
  ids: number[];
  unread: boolean;
  text: string;
}
const readRows = (popup: TestPage, selector: string) =>
  popup.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(s)].map((row) => ({
        testid: row.dataset.testid ?? '',
        kind: row.dataset.kind ?? row.dataset.type ?? '',
        count: Number(row.dataset.count ?? 1),
        ids: (row.dataset.messageIds ?? '').split(' ').map(Number),
        unread: row.dataset.unread === 'true',
        text: (row.querySelector('.message-sentence')?.textContent ?? '').trim(),
      })),
    selector,
  ) as Promise<Row[]>;

describe.each(BROWSER_NAMES)('%s', (name) => {
  // Before the browser starts: everything demo had is read (the alerts and the invitation
  // dismissed), then the mix arrives: demo's count is the mix's 30.
  let mix: MessageMix;
  beforeAll(() => {
    const { control } = sandbox();
    control.messageCountCacheSeconds = 0;
    store().markMessagesRead(DEMO_USERNAME);
    control.clearAlerts(DEMO_USERNAME);
    mix = control.addMessageMix(DEMO_USERNAME);
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const idsOf = (type: string) =>
    mix.messages
      .filter((m) => m.type === type)
      .map((m) => m.id)
      .sort();
  const kindOf = (type: string) => `${GROUP}[data-kind="${type}"][data-unread="true"]`;
  const badgeText = async () => (await browser().badge()).text;
  const mutesKey = () => ownKey(sandbox(), 'messageMutes', DEMO_USERNAME);
  const mutedStudios = async () =>
    ((await browser().readStorage('sync', [mutesKey()]))[mutesKey()] as { studios?: { id: number }[] })
      ?.studios ?? [];

  const openMessages = async () => {
    await browser().setStorage('local', { popupTab: 'messages' });
    const popup = await browser().openPopup();
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, `${ROWS}[data-unread="true"]`, {
      timeout: 20_000,
    });
    return popup;
  };

  it('shows the 30 new messages as groups whose counts add up to 30, each opening into its messages', async () => {
    expect(store().unreadCount(DEMO_USERNAME)).toBe(30);
    await expect.poll(badgeText, { timeout: 20_000 }).toBe('30');
    const popup = await openMessages();
    await popup.waitForText('[data-testid="messages-unread-count"]', '30', { timeout: 20_000 });
    const unreadRows = async () => (await readRows(popup, ROWS)).filter((row) => row.unread);
    // One group per kind of the mix, every message in one of them. The rows are marked new once the
    // count and the list are both read, each on its own: the whole list is waited for.
    await expect
      .poll(async () => (await unreadRows()).map((row) => [row.testid, row.kind, row.count]).sort())
      .toEqual(
        [
          ['message-group', 'favoriteproject', 4],
          ['message-group', 'followuser', 8],
          ['message-group', 'forumpost', 5],
          ['message-group', 'loveproject', 6],
          ['message-group', 'studioactivity', 7],
        ].sort(),
      );
    const unread = await unreadRows();
    expect(unread.reduce((sum, row) => sum + row.count, 0)).toBe(30);
    for (const row of unread) expect(row.ids.sort(), row.kind).toEqual(idsOf(row.kind));
    // The sentences: two people named and the others counted; a studio and a topic with their count.
    const sentence = (kind: string) => unread.find((row) => row.kind === kind)?.text;
    expect(sentence('followuser')).toMatch(/^\S+, \S+ and 6 others followed you$/);
    expect(sentence('loveproject')).toMatch(/^\S+, \S+ and 4 others loved your project /);
    expect(sentence('studioactivity')).toBe(`There was new activity in ${mix.studio.title} (7 messages)`);
    expect(sentence('forumpost')).toBe(
      `There are new posts in the forum thread: ${mix.topic.title} (5 messages)`,
    );
    // Closed, a group shows none of its messages.
    expect(await popup.evaluate((s) => document.querySelectorAll(s).length, `${GROUP} ${ITEM}`)).toBe(0);

    // Each opens from the keyboard into its messages, each new; and closes again.
    const keys = popup.raw.page.keyboard;
    for (const row of unread) {
      const group = kindOf(row.kind);
      const toggle = `${group} [data-testid="group-toggle"]`;
      await popup.evaluate((s) => document.querySelector<HTMLElement>(s)?.focus(), toggle);
      await keys.press('Enter');
      await popup.waitFor((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true', toggle);
      const parts = await readRows(popup, `${group} ${ITEM}`);
      expect(parts.map((part) => part.ids[0]).sort(), row.kind).toEqual(idsOf(row.kind));
      expect(parts.every((part) => part.unread && part.kind === row.kind)).toBe(true);
      expect(
        await popup.evaluate((s) => document.querySelectorAll(s).length, `${group} ${ITEM} .new-mark`),
      ).toBe(row.count);
    }
    const toggle = `${kindOf('followuser')} [data-testid="group-toggle"]`;
    await popup.evaluate((s) => document.querySelector<HTMLElement>(s)?.focus(), toggle);
    await keys.press(' ');
    await popup.waitFor((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'false', toggle);
    expect(
      await popup.evaluate((s) => document.querySelectorAll(s).length, `${kindOf('followuser')} ${ITEM}`),
    ).toBe(0);
    // Every group open but the one just closed: the rows and their parts, in light and dark.
    expect(await seriousAxeFindingsInEachScheme(popup), 'axe').toEqual({ light: [], dark: [] });
    await popup.close();
  });

  it('finds a message inside a group: one follower among eight, and a topic’s posts, shown opened', async () => {
    const popup = await openMessages();
    const keys = popup.raw.page.keyboard;
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await keys.press('/');
    await popup.waitFor(() => document.activeElement?.getAttribute('data-testid') === 'messages-search');
    // One of the eight who followed: their follow is found, marked, no longer hidden in the group.
    const follow = mix.messages.filter((m) => m.type === 'followuser')[3];
    const follower = store().getUserById(follow?.actorId ?? -1)?.username ?? '';
    await keys.type(follower, { delay: 20 });
    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `${ITEM}[data-message-id="${follow?.id}"][data-match="true"]`,
    );
    expect(
      await popup.evaluate(
        (s) => document.querySelector(s)?.querySelector('mark')?.textContent,
        `${ITEM}[data-message-id="${follow?.id}"]`,
      ),
    ).toBe(follower);
    // A word of the topic: its five new posts, their group opened on them, each marked.
    await keys.press('Escape');
    await keys.type('zyxlophone', { delay: 20 });
    const group = kindOf('forumpost');
    await popup.waitFor(
      (s) => document.querySelectorAll(s).length === 5,
      `${group} ${ITEM}[data-match="true"]`,
    );
    expect(
      await popup.evaluate(
        (s) => document.querySelector(s)?.getAttribute('aria-expanded'),
        `${group} [data-testid="group-toggle"]`,
      ),
    ).toBe('true');
    const parts = await readRows(popup, `${group} ${ITEM}`);
    expect(parts.map((part) => part.ids[0]).sort()).toEqual(idsOf('forumpost'));
    // Nothing else matches (the other rows are gone: the topic's posts of an earlier mix, read, may
    // stay), and Escape brings the groups back closed.
    const kinds = await popup.evaluate(
      (s) => [...document.querySelectorAll<HTMLElement>(s)].map((r) => r.dataset.kind ?? r.dataset.type),
      ROWS,
    );
    expect(new Set(kinds)).toEqual(new Set(['forumpost']));
    await keys.press('Escape');
    await popup.waitFor((s) => document.querySelectorAll(s).length === 0, `${GROUP} ${ITEM}`);
    await popup.close();
  });

  it('mutes the studio from its activity’s menu: off the badge, folded away; unmuted in the settings', async () => {
    const popup = await openMessages();
    const studioGroup = kindOf('studioactivity');
    await popup.click(`${studioGroup} > .item-body > .message-meta [data-testid="mute"]`);
    await popup.waitFor((s) => document.querySelector(s) !== null, '[data-testid="mute-studio"]');
    expect(await popup.text('[data-testid="mute-studio"]')).toBe('Mute activity in this studio');
    await popup.click('[data-testid="mute-studio"]');
    // Its 7 messages leave the badge and the list, into the fold (7 of them new there).
    await expect.poll(badgeText, { timeout: 20_000 }).toBe('23');
    await popup.waitFor((s) => document.querySelector(s) === null, studioGroup);
    await popup.waitForText('[data-testid="messages-unread-count"]', '23');
    expect(await mutedStudios()).toEqual([{ id: mix.studio.id, title: mix.studio.title }]);
    const listed = (await readRows(popup, ROWS)).flatMap((row) => row.ids);
    expect(listed.filter((id) => idsOf('studioactivity').includes(id))).toEqual([]);
    await popup.click('[data-testid="muted-fold-toggle"]');
    await popup.waitFor((s) => document.querySelector(s) !== null, `${FOLD} ${studioGroup}`);
    const folded = await readRows(popup, `${FOLD} ${studioGroup}`);
    expect(folded.map((row) => [row.count, row.ids.sort()])).toEqual([[7, idsOf('studioactivity')]]);
    expect(await popup.text('[data-testid="muted-fold-toggle"]')).toMatch(/7 of them are new/);
    await popup.close();

    // The settings list the studio, with its Unmute button: one click brings its activity back.
    const options = await browser().openExtensionPage('/options.html');
    const row = `[data-testid="muted-studio"][data-studio-id="${mix.studio.id}"]`;
    await options.waitFor((s) => document.querySelector(s) !== null, row, { timeout: 20_000 });
    expect(await options.text(row)).toContain(mix.studio.title);
    await options.click(`${row} [data-testid="unmute-studio"]`);
    await options.waitFor((s) => document.querySelector(s) === null, row);
    expect(await mutedStudios()).toEqual([]);
    await expect.poll(badgeText, { timeout: 20_000 }).toBe('30');
    await options.close();
  });
});
