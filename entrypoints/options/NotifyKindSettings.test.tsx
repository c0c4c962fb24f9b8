// @vitest-environment happy-dom
/**
 * The options page's notification switch for each kind of message: grouped as the site's filters,
 * marked with the kind the service sends (and a comment's place), on until switched off, and stored
 * as the kinds switched off (`quietKinds` of the message count's settings), which the notifier reads
 * (lib/message-count/notification-kinds-model.ts).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { t } from '@/lib/i18n';
import { defaultMessageCountSettings } from '@/lib/message-count/message-count-model';
import { messageCountSettingsItem, messageMutesItem } from '@/lib/message-count/message-count-storage';
import { MUTE_KINDS } from '@/lib/message-count/mutes-model';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import { MessageCountSettingsFieldset } from './MessageCountSettings';

const SWITCH = '[data-testid="notify-kind"]';

async function show(): Promise<HTMLElement> {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(<MessageCountSettingsFieldset />, root));
  await vi.waitFor(() => expect(root.querySelectorAll(SWITCH)).toHaveLength(MUTE_KINDS.length), WAIT);
  return root;
}

const switchOf = (root: HTMLElement, selector: string) => {
  const input = root.querySelector<HTMLInputElement>(`${SWITCH}${selector}`);
  if (!input) throw new Error(`no switch ${selector}`);
  return input;
};

beforeEach(async () => {
  fakeBrowser.reset();
  document.body.innerHTML = '';
  // What a member chooses is theirs: these tests choose as a member signed in.
  await signIn();
});

const quietKinds = async () => (await messageCountSettingsItem.getValue()).quietKinds;

describe('NotifyKindSettings', () => {
  it('shows every kind, grouped as the site filters them, each named and on by default', async () => {
    const root = await show();
    expect([...root.querySelectorAll('[data-group] > legend')].map((l) => l.textContent)).toEqual([
      t('mutes.groups.comments'),
      t('mutes.groups.projects'),
      t('mutes.groups.studios'),
      t('mutes.groups.forums'),
      t('mutes.groups.people'),
      t('mutes.groups.other'),
    ]);
    const switches = [...root.querySelectorAll<HTMLInputElement>(SWITCH)];
    expect(switches.every((s) => s.checked)).toBe(true);
    expect(switches.map((s) => [s.dataset.kind, s.dataset.commentType ?? null])).toEqual([
      ['addcomment', '0'],
      ['addcomment', '1'],
      ['addcomment', '2'],
      ['loveproject', null],
      ['favoriteproject', null],
      ['remixproject', null],
      ['curatorinvite', null],
      ['becomeownerstudio', null],
      ['becomehoststudio', null],
      ['studioactivity', null],
      ['forumpost', null],
      ['followuser', null],
      ['other', null],
    ]);
    // Every switch has a name a member reads, not an id.
    const labels = switches.map((s) => root.querySelector(`label[for="${s.id}"]`)?.textContent ?? '');
    // The same words as the mute settings and the popup's mute menu.
    expect(labels).toContain(t('mutes.kinds.addcomment1'));
    expect(labels.every((label) => label !== '' && !/^[a-z]+(:\d)?$/.test(label))).toBe(true);
  });

  it('stores the kinds switched off, and shows what storage holds', async () => {
    const root = await show();
    act(() => switchOf(root, '[data-kind="loveproject"]').click());
    await vi.waitFor(async () => expect(await quietKinds()).toEqual(['loveproject']), WAIT);
    act(() => switchOf(root, '[data-kind="addcomment"][data-comment-type="1"]').click());
    await vi.waitFor(async () => expect(await quietKinds()).toEqual(['loveproject', 'addcomment:1']), WAIT);
    expect(switchOf(root, '[data-kind="addcomment"][data-comment-type="1"]').checked).toBe(false);
    expect(switchOf(root, '[data-kind="addcomment"][data-comment-type="0"]').checked).toBe(true);
    // Back on; and a change synced from another browser shows at once.
    act(() => switchOf(root, '[data-kind="loveproject"]').click());
    await vi.waitFor(async () => expect(await quietKinds()).toEqual(['addcomment:1']), WAIT);
    // The other settings stay as they were.
    expect(await messageCountSettingsItem.getValue()).toMatchObject({ ...defaultMessageCountSettings });
    await messageCountSettingsItem.setValue({ ...defaultMessageCountSettings, quietKinds: ['followuser'] });
    await vi.waitFor(() => expect(switchOf(root, '[data-kind="followuser"]').checked).toBe(false), WAIT);
    expect(switchOf(root, '[data-kind="addcomment"][data-comment-type="1"]').checked).toBe(true);
  });

  it('shows a muted kind off and unchangeable, saying it never notifies, and back when unmuted', async () => {
    const root = await show();
    await messageMutesItem.setValue({ kinds: ['loveproject'], people: [] });
    const love = () => switchOf(root, '[data-kind="loveproject"]');
    await vi.waitFor(() => expect(love().disabled).toBe(true), WAIT);
    expect(love().checked).toBe(false);
    const help = root.querySelector(`#${love().getAttribute('aria-describedby')?.split(' ')[0]}`);
    expect(help?.textContent).toBe(t('mutes.mutedNoNotification'));
    // Its own switch is untouched: unmuted, it is on again as it was.
    expect(await quietKinds()).toBeUndefined();
    await messageMutesItem.setValue({ kinds: [], people: [] });
    await vi.waitFor(() => expect(love().disabled).toBe(false), WAIT);
    expect(love().checked).toBe(true);
  });
});
