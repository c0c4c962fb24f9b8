/**
 * Mutes and the honest count in real Chromium (public build, live host
 * names mapped onto the sandbox) and Firefox (local build), signed in as demo: muting a kind on the
 * settings page folds those messages away in the popup ("N muted messages", never lost); muting a
 * person from a message's menu (keyboard: Escape closes it, the focus goes back) folds theirs;
 * one click in the fold brings them back; a muted person is listed on the settings page with its
 * Unmute button, a username that cannot be one gets a sentence. Then, signed in as a member whose
 * count includes one of the site team's alerts (which the interface never lists), the popup says
 * how many it cannot show and links to the messages page. The new UI passes axe.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import type { Message } from '@/sandbox/model';
import { BROWSER_NAMES, seriousAxeFindings, type TestPage, useBrowser, withSandbox } from './harness';
import { ownKey } from './harness/own-keys';
import { openSettings } from './harness/settings-page';
import { typeInto } from './harness/type-into';

const sandbox = withSandbox();

const ITEM = '[data-testid="message-item"]';
/** A grouped row: its `data-message-ids` are every message of it, shown or not. */
const ROW = `:is(${ITEM}, [data-testid="message-group"])`;
const FOLD = '[data-testid="muted-fold"]';
/** Rows of the list itself, outside the fold. */
const LISTED = `.messages > .message-list > ${ROW}`;
const FOLDED = `${FOLD} .message-list > ${ROW}`;
const FOLD_TOGGLE = '[data-testid="muted-fold-toggle"]';
const store = () => sandbox().control.store;

/** The message ids of the rows matching `selector` (a group's every message). */
const idsOf = (page: TestPage, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(s)].flatMap((row) =>
        (row.dataset.messageIds ?? '').split(' ').map(Number),
      ),
    selector,
  );
/** The list's and the fold's message ids and the fold's count, read at one moment (more pages may load). */
const foldState = (page: TestPage) =>
  page.evaluate(
    ({ listed, folded, fold }) => {
      const ids = (s: string) =>
        [...document.querySelectorAll<HTMLElement>(s)].flatMap((row) =>
          (row.dataset.messageIds ?? '').split(' ').map(Number),
        );
      return {
        listed: ids(listed),
        folded: ids(folded),
        count: Number(document.querySelector(fold)?.getAttribute('data-count') ?? 'NaN'),
      };
    },
    { listed: LISTED, folded: FOLDED, fold: FOLD },
  );
describe.each(BROWSER_NAMES)('%s', (name) => {
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  const byId = () =>
    new Map(
      store()
        .messagesFor(DEMO_USERNAME)
        .map((m) => [m.id, m] as const),
    );
  const actorOf = (message: Message | undefined) =>
    store().getUserById(message?.actorId ?? -1)?.username ?? '';

  const mutesIn = async (_page?: TestPage) =>
    (await browser().readStorage('sync', [ownKey(sandbox(), 'messageMutes', DEMO_USERNAME)]))[
      ownKey(sandbox(), 'messageMutes', DEMO_USERNAME)
    ] as { kinds: string[]; people: string[] } | undefined;

  const openMessages = async () => {
    await browser().setStorage('local', { popupTab: 'messages' });
    const popup = await browser().openPopup();
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, ITEM, { timeout: 20_000 });
    return popup;
  };

  it('mutes a kind on the settings page, grouped as the site’s filters; a username that cannot be one gets a sentence', async () => {
    const options = await openSettings(browser());
    const kinds = await options.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('[data-testid="mute-kind"]')].map(
        (box) =>
          `${box.dataset.kind}${box.dataset.commentType === undefined ? '' : `:${box.dataset.commentType}`}`,
      ),
    );
    expect(kinds).toEqual([
      'addcomment:0',
      'addcomment:1',
      'addcomment:2',
      'loveproject',
      'favoriteproject',
      'remixproject',
      'curatorinvite',
      'becomeownerstudio',
      'becomehoststudio',
      'studioactivity',
      'forumpost',
      'followuser',
      'other',
    ]);
    // The mutes are the member's own (lib/storage/member-owned-item.ts): a choice made before the
    // background has recorded who signed in (after the sign-in's session read: on a loaded machine,
    // after the page is up) belongs to nobody and is refused. The member, as the popup would show them.
    await expect
      .poll(
        async () =>
          ((await browser().readStorage('local', ['member'])).member as { username?: string } | undefined)
            ?.username,
        { timeout: 20_000 },
      )
      .toBe(DEMO_USERNAME);
    await options.click('[data-testid="mute-kind"][data-kind="loveproject"]');
    await expect.poll(async () => (await mutesIn(options))?.kinds).toEqual(['loveproject']);
    expect(
      await options.evaluate(
        () =>
          document.querySelector<HTMLInputElement>('[data-testid="mute-kind"][data-kind="loveproject"]')
            ?.checked,
      ),
    ).toBe(true);

    await typeInto(options, '[data-testid="mute-person-input"]', 'not a name!');
    await options.click('[data-testid="mute-person-add"]');
    expect(await options.text('[data-testid="mute-person-problem"]')).toMatch(/3 to 20 letters/);
    await typeInto(options, '[data-testid="mute-person-input"]', '  carol ');
    await options.click('[data-testid="mute-person-add"]');
    await options.waitFor(
      (s) => document.querySelector(s) !== null,
      '[data-testid="muted-person"][data-username="carol"]',
    );
    expect(await seriousAxeFindings(options)).toEqual([]);
    await options.click('[data-testid="muted-person"][data-username="carol"] [data-testid="unmute-person"]');
    await options.waitFor((s) => document.querySelector(s) === null, '[data-testid="muted-person"]');
    expect(await mutesIn(options)).toEqual({ kinds: ['loveproject'], people: [] });
    await options.close();
  });

  it('folds the muted kind’s messages away in the popup, counted, never lost', async () => {
    const popup = await openMessages();
    await popup.waitFor((s) => document.querySelector(s) !== null, FOLD);
    // Folded away: the fold shows its messages once opened.
    expect(await idsOf(popup, FOLDED)).toEqual([]);
    await popup.click(FOLD_TOGGLE);
    await popup.waitFor((s) => document.querySelector(s) !== null, FOLDED);
    const messages = byId();
    const { listed, folded, count } = await foldState(popup);
    expect(listed.filter((id) => messages.get(id)?.type === 'loveproject')).toEqual([]);
    const loves = [...listed, ...folded].filter((id) => messages.get(id)?.type === 'loveproject');
    expect(loves.length).toBeGreaterThan(0);
    expect(folded.sort()).toEqual(loves.sort());
    expect(count).toBe(loves.length);
    expect(await popup.text(FOLD_TOGGLE)).toMatch(new RegExp(`^${loves.length} muted messages?`));
    // The badge counts only the unread messages not muted, and what the site counts outside the
    // list (the team's alerts and the invitation, never muted); the popup's count line says the same.
    const unreadMessages = store()
      .messagesFor(DEMO_USERNAME)
      .filter((m) => m.unread);
    const outsideTheList = store().unreadCount(DEMO_USERNAME) - unreadMessages.length;
    const notMuted = unreadMessages.filter((m) => m.type !== 'loveproject').length + outsideTheList;
    expect(notMuted).toBeLessThan(store().unreadCount(DEMO_USERNAME));
    await expect.poll(async () => (await browser().badge()).text, { timeout: 20_000 }).toBe(String(notMuted));
    await popup.waitFor(
      (n) => document.querySelector('[data-testid="popup-message-count"]')?.getAttribute('data-count') === n,
      String(notMuted),
    );
    await popup.close();
  });

  it('mutes a person from a message’s menu (Escape closes it, the focus goes back), unmutes from the fold in one click', async () => {
    const popup = await openMessages();
    await popup.click(FOLD_TOGGLE);
    await popup.waitFor((s) => document.querySelector(s) !== null, FOLDED);
    const messages = byId();
    // A message of one person (not a group, not the site's welcome, not a studio's activity: its
    // actor is not who acted in the studio, its menu offers the studio instead).
    const listed = await idsOf(
      popup,
      `.messages > .message-list > ${ITEM}:not([data-type="userjoin"], [data-type="studioactivity"])`,
    );
    const target = listed
      .map((id) => messages.get(id))
      .find((m) => m !== undefined && actorOf(m) !== DEMO_USERNAME);
    const actor = actorOf(target);
    const row = `${LISTED}[data-message-id="${target?.id}"]`;

    await popup.click(`${row} [data-testid="mute"]`);
    await popup.waitFor(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await popup.evaluate(() =>
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    );
    await popup.waitFor((s) => document.querySelector(s) === null, '[data-testid="mute-menu"]');
    expect(
      await popup.evaluate(
        (s) => document.activeElement === document.querySelector(`${s} [data-testid="mute"]`),
        row,
      ),
    ).toBe(true);

    await popup.click(`${row} [data-testid="mute"]`);
    await popup.waitFor(
      (s) => document.querySelector(s) !== null,
      `[data-testid="mute-person-choice"][data-username="${actor}"]`,
    );
    expect(await seriousAxeFindings(popup)).toEqual([]);
    await popup.click('[data-testid="mute-person-choice"]');
    await popup.waitFor((s) => document.querySelector(s) === null, row);
    // Their messages and the loves are in the fold, and only they; the fold's count says how many.
    const isMutedNow = (id: number) =>
      messages.get(id)?.type === 'loveproject' || actorOf(messages.get(id)) === actor;
    const muted = await foldState(popup);
    expect(muted.listed.filter(isMutedNow)).toEqual([]);
    expect(muted.folded.sort()).toEqual([...muted.listed, ...muted.folded].filter(isMutedNow).sort());
    expect(muted.folded.filter((id) => actorOf(messages.get(id)) === actor)).toContain(target?.id);
    expect(muted.count).toBe(muted.folded.length);
    expect((await mutesIn())?.people).toEqual([actor]);
    // The focus went to the fold (the button it was on left the list): moved there in an effect after
    // the list's render.
    await popup.waitFor((s) => document.activeElement === document.querySelector(s), FOLD_TOGGLE);

    // In the open fold, one click on the person's Unmute brings their messages back.
    expect(await seriousAxeFindings(popup)).toEqual([]);
    await popup.click(`${FOLD} [data-testid="unmute"][data-username="${actor}"]`);
    await popup.waitFor((s) => document.querySelector(s) !== null, row);
    const unmuted = await foldState(popup);
    expect(unmuted.folded.filter((id) => messages.get(id)?.type !== 'loveproject')).toEqual([]);
    expect(unmuted.count).toBe(unmuted.folded.length);
    expect((await mutesIn())?.people).toEqual([]);
    await popup.close();
  });

  it('shows the team’s alerts above the list and counts none of them as impossible to show', async () => {
    const member = 'new-scratcher';
    const alerts = store().adminMessagesFor(member);
    expect(alerts.length).toBeGreaterThan(0);
    sandbox().control.addMessage(member, { type: 'followuser', actor: 'alice' });
    await browser().signIn(member);
    const popup = await openMessages();
    // Each alert above the list, as the site's messages page shows them.
    await popup.waitFor(
      (n) => document.querySelectorAll('[data-testid="team-alert"]').length === n,
      alerts.length,
      { timeout: 20_000 },
    );
    expect(
      await popup.evaluate(() =>
        [...document.querySelectorAll('[data-testid="team-alert"]')].map((row) =>
          row.getAttribute('data-alert-id'),
        ),
      ),
    ).toEqual(alerts.map((alert) => String(alert.id)));
    // Everything the count holds is shown: no sentence about what cannot be. That sentence and the
    // unread marks come from the count, read on its own: first the popup's count line shows it.
    await popup.waitFor(
      (n) => document.querySelector('[data-testid="popup-message-count"]')?.getAttribute('data-count') === n,
      String(store().unreadCount(member)),
    );
    expect(await popup.evaluate(() => document.querySelector('[data-testid="honest-count"]'))).toBeNull();
    // The listed unread messages are marked, and only they: the count's other messages are the alerts.
    const listedUnread = store()
      .messagesFor(member)
      .filter((m) => m.unread).length;
    expect((await idsOf(popup, `${LISTED}[data-unread="true"]`)).length).toBe(listedUnread);
    expect(await seriousAxeFindings(popup)).toEqual([]);
    await popup.close();
  });
});
