// @vitest-environment happy-dom
/**
 * The bell with WXT's fake browser: its markers, its name and pressed state, what a press stores,
 * the cap's sentence, and the note beside a rung bell.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import { MAX_BELLED_PEOPLE } from '@/lib/feed/following-closely-model';
import { memberItem } from '@/lib/session/session-storage';
import { signIn } from '@/tests/unit/signed-in-member';
import { WAIT } from '@/tests/unit/wait';
import { Bell } from './Bell';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// What a member chooses is theirs: these tests choose as a member signed in.
beforeEach(() => signIn());
afterEach(() => {
  fakeBrowser.reset();
});

async function show(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => {
    render(node, root);
  });
  // The view's own read of the item (it was not primed) lands.
  await act(() => sleep(10));
  const button = () =>
    root.querySelector<HTMLButtonElement>('button[data-testid="bell"]') as HTMLButtonElement;
  /** A press, and its work done: the first press loads what a press does (bell-change.ts). */
  const press = async (until: () => Promise<boolean>) => {
    act(() => {
      button().click();
    });
    await vi.waitFor(async () => expect(await until()).toBe(true), WAIT);
    await act(() => sleep(10));
  };
  return { root, button, press };
}

describe('Bell', () => {
  it('rings for a person with one press and silences with the next, saying what a press does', async () => {
    const { root, button, press } = await show(<Bell user="alice" note="Follow alice too." />);
    expect(button().dataset.user).toBe('alice');
    expect(button().dataset.followingClosely).toBe('false');
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(button().getAttribute('aria-label')).toBe('Get new projects from alice');
    expect(root.querySelector('[data-testid="bell-status"]')?.textContent).toBe('');

    const stored = async () => JSON.stringify(await followingCloselyItem.getValue());
    await press(async () => (await stored()) === JSON.stringify({ people: ['alice'], studios: [] }));
    expect(button().dataset.followingClosely).toBe('true');
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().getAttribute('aria-label')).toBe('Stop new projects from alice');
    expect(root.querySelector('[data-testid="bell-status"]')?.textContent).toBe('Follow alice too.');

    await press(async () => (await stored()) === JSON.stringify({ people: [], studios: [] }));
    expect(button().dataset.followingClosely).toBe('false');
  });

  it('rings for a studio by id, keeping the other bells', async () => {
    await followingCloselyItem.setValue({ people: ['bob'], studios: [] });
    const { button, press } = await show(<Bell studio={{ id: 42, title: 'Cats' }} />);
    expect(button().dataset.studioId).toBe('42');
    expect(button().dataset.user).toBeUndefined();
    expect(button().getAttribute('aria-label')).toBe('Get new projects in Cats');
    await press(async () => (await followingCloselyItem.getValue()).studios.length === 1);
    expect(await followingCloselyItem.getValue()).toEqual({
      people: ['bob'],
      studios: [{ id: 42, title: 'Cats' }],
    });
    expect(button().getAttribute('aria-label')).toBe('Stop new projects in Cats');
  });

  it('shows the same person rung elsewhere (another spelling of the name), and follows changes', async () => {
    await followingCloselyItem.setValue({ people: ['Alice'], studios: [] });
    const { button } = await show(<Bell user="alice" />);
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      await followingCloselyItem.setValue({ people: [], studios: [] });
      await sleep(10);
    });
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });

  it('says clearly when the list is full, and rings nothing', async () => {
    const people = Array.from({ length: MAX_BELLED_PEOPLE }, (_, i) => `p${i}`);
    await followingCloselyItem.setValue({ people, studios: [] });
    const { root, button, press } = await show(<Bell user="alice" />);
    await press(async () => root.querySelector('[data-testid="bell-status"]')?.textContent !== '');
    expect(root.querySelector('[data-testid="bell-status"]')?.textContent).toBe(
      'You can ring the bell for 50 people at most. Turn one off first.',
    );
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect((await followingCloselyItem.getValue()).people).toHaveLength(MAX_BELLED_PEOPLE);
  });

  it("says why it can't ring when the bells would pass sync's 8,192 bytes for one item (titles Chrome escapes)", async () => {
    // Titles of 100 characters (the cap), of `<`, which Chrome's JSON writes as `\u003C` (6 bytes
    // each): 13 studios take 7,976 bytes of the item as Chrome counts it (key and JSON), a 14th would
    // take 8,586, well within the cap of 20 studios.
    const title = (i: number) => `${'<'.repeat(97)}${String(i).padStart(3, '0')}`;
    const studios = Array.from({ length: 13 }, (_, i) => ({ id: 100000 + i, title: title(i) }));
    await followingCloselyItem.setValue({ people: [], studios });
    const { root, button, press } = await show(<Bell studio={{ id: 100099, title: title(99) }} />);
    await press(async () => root.querySelector('[data-testid="bell-status"]')?.textContent !== '');
    expect(root.querySelector('[data-testid="bell-status"]')?.textContent).toBe(
      "This bell can't ring: your bells would no longer fit in what your browser's sync keeps for one list. Turn one off first.",
    );
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect((await followingCloselyItem.getValue()).studios).toHaveLength(13);
  });

  it('says that bells are rung signed in, and rings nothing while nobody is', async () => {
    await memberItem.setValue(null);
    const { root, button, press } = await show(<Bell user="alice" />);
    await press(async () => root.querySelector('[data-testid="bell-status"]')?.textContent !== '');
    expect(root.querySelector('[data-testid="bell-status"]')?.textContent).toBe(
      'Sign in on the site to ring bells: your bells are yours, and show only to you.',
    );
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });
});
