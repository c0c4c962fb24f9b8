// @vitest-environment happy-dom
/**
 * A message's mute menu and the muted fold's unmute buttons, on the fake browser's storage: what a
 * row can be muted by, the menu's keyboard (Escape closes it and gives the focus back), and that a
 * choice writes the member's mutes (which the popup, the settings page and the background read).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { messageMutesItem } from '@/lib/message-count/message-count-storage';
import { mutesOf } from '@/lib/message-count/mutes-model';
import type { MessageRow } from '@/lib/messages/message-groups-model';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import { MuteMenu } from './MuteMenu';
import { muteChoicesOf } from './mute-choices';
import { UnmuteButtons } from './UnmuteButtons';

// What a member chooses is theirs: these tests choose as a member signed in.
beforeEach(() => signIn());
afterEach(() => {
  fakeBrowser.reset();
  document.body.innerHTML = '';
});

const base = { datetime_created: '2026-11-20T10:00:00.000Z', actor_id: 7 };
const love = (id: number, actor: string): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'loveproject',
  project_id: 3,
  title: 'P3',
});
const studioComment: Message = {
  ...base,
  id: 5,
  actor_username: 'noisy',
  type: 'addcomment',
  comment_type: 2,
  comment_obj_id: 9,
  comment_obj_title: 'S9',
  comment_id: 77,
  comment_fragment: 'hi',
  commentee_username: 'demo',
};
const single = (message: Message): MessageRow => ({ kind: 'single', message, unread: true });
const activity = (id: number, actor = 'someone'): Message => ({
  ...base,
  id,
  actor_username: actor,
  type: 'studioactivity',
  gallery_id: 40,
  title: 'Cats studio',
});
const group: MessageRow = {
  kind: 'group',
  type: 'loveproject',
  about: { id: 3, title: 'P3' },
  messages: [love(1, 'alice'), love(2, 'bob')],
  actors: ['alice', 'bob'],
  unread: false,
};

function mount(node: preact.ComponentChild): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}
const storedMutes = async () => mutesOf(await messageMutesItem.getValue());

describe('muteChoicesOf', () => {
  it('offers a message’s kind (a comment’s by its place) and its actor; a group only its kind', () => {
    expect(muteChoicesOf(single(studioComment), 'demo')).toEqual({
      kind: 'addcomment:2',
      person: 'noisy',
      studio: null,
    });
    expect(muteChoicesOf(group, 'demo')).toEqual({ kind: 'loveproject', person: null, studio: null });
  });

  it('offers a studio’s activity its studio, not its actor (who is not who acted in the studio)', () => {
    const studio = { id: 40, title: 'Cats studio' };
    expect(muteChoicesOf(single(activity(1)), 'demo')).toEqual({
      kind: 'studioactivity',
      person: null,
      studio,
    });
    const studioGroup: MessageRow = {
      kind: 'group',
      type: 'studioactivity',
      about: studio,
      messages: [activity(1), activity(2)],
      actors: ['someone'],
      unread: true,
    };
    expect(muteChoicesOf(studioGroup, 'demo')).toEqual({ kind: 'studioactivity', person: null, studio });
  });

  it('never offers to mute oneself or the site’s welcome (a kind the settings do not list)', () => {
    expect(muteChoicesOf(single({ ...studioComment, actor_username: 'Demo' }), 'demo').person).toBeNull();
    const welcome: Message = { ...base, id: 6, actor_username: 'demo', type: 'userjoin' };
    expect(muteChoicesOf(single(welcome), 'demo')).toEqual({ kind: null, person: null, studio: null });
  });

  it('offers to mute a message of a kind Companion does not know as one of the other kinds', () => {
    const unknown = { ...base, id: 8, actor_username: 'x', type: 'other', otherType: 'newthing' } as Message;
    expect(muteChoicesOf(single(unknown), 'demo')).toEqual({ kind: 'other', person: 'x', studio: null });
  });
});

describe('MuteMenu', () => {
  it('opens on its button with the focus on the first choice; Escape closes it and gives the focus back', async () => {
    const root = mount(<MuteMenu row={single(studioComment)} me="demo" onMute={() => undefined} />);
    const button = root.querySelector<HTMLButtonElement>('[data-testid="mute"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const first = root.querySelector('[data-testid="mute-kind-choice"]');
    expect(document.activeElement).toBe(first);
    await act(async () => {
      first?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    expect(document.activeElement).toBe(root.querySelector('[data-testid="mute-person-choice"]'));
    await act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(root.querySelector('[data-testid="mute-menu"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('mutes the person, or the kind, keeping what was muted before', async () => {
    await messageMutesItem.setValue({ kinds: ['forumpost'], people: ['older'] });
    const onMute = vi.fn();
    const root = mount(<MuteMenu row={single(studioComment)} me="demo" onMute={onMute} />);
    const choose = async (choice: string) => {
      await act(async () => root.querySelector<HTMLButtonElement>('[data-testid="mute"]')?.click());
      await act(async () => root.querySelector<HTMLButtonElement>(`[data-testid="${choice}"]`)?.click());
      await vi.waitFor(() => expect(onMute).toHaveBeenCalled(), WAIT);
    };
    await choose('mute-person-choice');
    await vi.waitFor(async () => expect((await storedMutes()).people).toEqual(['older', 'noisy']), WAIT);
    await choose('mute-kind-choice');
    await vi.waitFor(
      async () =>
        expect(await storedMutes()).toEqual({
          kinds: ['forumpost', 'addcomment:2'],
          people: ['older', 'noisy'],
        }),
      WAIT,
    );
  });

  it('mutes a studio’s activity from its message, keeping the other mutes', async () => {
    await messageMutesItem.setValue({ kinds: ['forumpost'], people: ['older'] });
    const onMute = vi.fn();
    const root = mount(<MuteMenu row={single(activity(1))} me="demo" onMute={onMute} />);
    await act(async () => root.querySelector<HTMLButtonElement>('[data-testid="mute"]')?.click());
    expect(root.querySelector('[data-testid="mute-person-choice"]')).toBeNull();
    const choice = root.querySelector<HTMLButtonElement>('[data-testid="mute-studio"]');
    expect([choice?.textContent, choice?.dataset.studioId]).toEqual(['Mute activity in this studio', '40']);
    await act(async () => choice?.click());
    await vi.waitFor(
      async () =>
        expect(await storedMutes()).toEqual({
          kinds: ['forumpost'],
          people: ['older'],
          studios: [{ id: 40, title: 'Cats studio' }],
        }),
      WAIT,
    );
    expect(onMute).toHaveBeenCalled();
  });

  it('is not there when nothing about the row can be muted', () => {
    const welcome: Message = { ...base, id: 6, actor_username: 'demo', type: 'userjoin' };
    const root = mount(<MuteMenu row={single(welcome)} me="demo" onMute={() => undefined} />);
    expect(root.querySelector('[data-testid="mute"]')).toBeNull();
  });
});

describe('UnmuteButtons', () => {
  it('offers to undo each mute that folded the row away, one click each', async () => {
    const mutes = { kinds: ['loveproject'], people: ['Bob', 'carol'] };
    await messageMutesItem.setValue(mutes);
    const root = mount(<UnmuteButtons row={group} mutes={mutes} />);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-testid="unmute"]')];
    expect(buttons.map((b) => b.dataset.kind ?? b.dataset.username)).toEqual(['loveproject', 'bob']);
    await act(async () => buttons[1]?.click());
    await vi.waitFor(
      async () => expect(await storedMutes()).toEqual({ kinds: ['loveproject'], people: ['carol'] }),
      WAIT,
    );
    await act(async () => buttons[0]?.click());
    await vi.waitFor(async () => expect(await storedMutes()).toEqual({ kinds: [], people: ['carol'] }), WAIT);
  });

  it('unmutes a muted studio in one click', async () => {
    const mutes = { kinds: [], people: [], studios: [{ id: 40, title: 'Cats studio' }] };
    await messageMutesItem.setValue(mutes);
    const root = mount(<UnmuteButtons row={single(activity(1))} mutes={mutes} />);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-testid="unmute"]')];
    expect(buttons.map((b) => [b.dataset.studioId, b.textContent])).toEqual([
      ['40', 'Unmute activity in Cats studio'],
    ]);
    await act(async () => buttons[0]?.click());
    await vi.waitFor(async () => expect(await storedMutes()).toEqual({ kinds: [], people: [] }), WAIT);
  });
});
