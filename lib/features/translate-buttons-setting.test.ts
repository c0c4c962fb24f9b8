// @vitest-environment happy-dom
/**
 * The Translate buttons follow their setting on an open page: turned off, every button,
 * "Translate all" and shown translation goes; turned on, the buttons come back; a value synced
 * from a browser not yet migrated (no `buttons`) keeps them. And they follow what is near the
 * view: a text gets its buttons when it comes near, and "Translate all" takes it then.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { PageTuning } from '@/lib/dev-tuning';
import { sitePage } from '@/lib/site/pages';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { WAIT } from '@/tests/unit/wait';
import { TRANSLATE_ALL_PACE_MS } from './translate-all';
import { translateComments } from './translate-comments';

// One mock for every copy of the module (the tests of the tuning load the feature afresh).
const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/protocol/messaging', () => ({ sendMessage }));
/** The texts sent to translate, in order. */
const translated = () =>
  vi
    .mocked(sendMessage)
    .mock.calls.filter(([type]) => type === 'translate')
    .map(([, data]) => (data as { text: string }).text);

const COMMENTS = `
<div class="comments-list">
  <div class="comment" id="comments-1"><div class="comment-body"><div class="comment-bubble">
    <span class="comment-content">Bonjour tout le monde</span><div class="comment-bottom-row"></div>
  </div></div></div>
  <div class="comment" id="comments-2"><div class="comment-body"><div class="comment-bubble">
    <span class="comment-content">Hola a todos</span><div class="comment-bottom-row"></div>
  </div></div></div>
</div>`;
/** happy-dom lays nothing out: what is near the view is up to each test (everything, unless told). */
let inView: (element: Element) => boolean = () => true;
const observers = new Set<FakeIntersectionObserver>();
class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
    queueMicrotask(() => this.report(target));
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  report(target: Element) {
    if (!this.targets.has(target)) return;
    const entry = {
      target,
      isIntersecting: inView(target),
      boundingClientRect: target.getBoundingClientRect(),
    };
    this.callback([entry] as never, this as never);
  }
}
/** The member scrolls `element` into view. */
const scrollTo = (element: Element) => {
  const before = inView;
  inView = (other) => other === element || before(other);
  for (const observer of [...observers]) observer.report(element);
};

const count = (selector: string) => document.querySelectorAll(selector).length;
const setSettings = (value: Record<string, unknown>) =>
  fakeBrowser.storage.sync.set({ translationSettings: value });

let running: AbortController;
beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  // The background: a store install's tuning (none), and a translation for every text.
  vi.mocked(sendMessage).mockImplementation(async (type: string) =>
    type === 'getPageTuning' ? {} : { text: 'Hello everyone', from: 'fr', cached: false },
  );
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  inView = () => true;
  running = new AbortController();
  document.body.innerHTML = COMMENTS;
});
afterEach(() => {
  running.abort();
  vi.unstubAllGlobals();
});

describe('Translate buttons setting', () => {
  it('takes the buttons and shown translations away when turned off, and brings the buttons back', async () => {
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
    expect(count('[data-companion="translate-all"]')).toBe(1);
    document.querySelector<HTMLButtonElement>('#comments-1 button[data-companion="translate"]')?.click();
    await vi.waitFor(() => expect(count('[data-companion="translation"]')).toBe(1), WAIT);

    await setSettings({ buttons: false, language: '', readAloud: false, voice: 'female' });
    await vi.waitFor(() => expect(count('[data-companion]')).toBe(0), WAIT);
    expect(document.querySelector('#comments-1 .comment-content')?.textContent).toBe('Bonjour tout le monde');

    await setSettings({ buttons: true, language: '', readAloud: false, voice: 'female' });
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
    expect(count('[data-companion="translation"]')).toBe(0);
  });

  it('keeps the buttons for settings stored without `buttons` (synced before the migration)', async () => {
    await setSettings({ language: 'de', readAloud: false, voice: 'female' });
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
  });

  it('names the language a button translates into once it is pointed at or focused, not before', async () => {
    await setSettings({ buttons: true, language: 'de', readAloud: false, voice: 'female' });
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
    const [first, second] = document.querySelectorAll<HTMLButtonElement>(
      'button[data-companion="translate"]',
    );
    // The language's name is slow to make (Intl.DisplayNames): no page load pays for it.
    expect([first?.title, second?.title]).toEqual(['', '']);
    first?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(first?.title).toBe('Translate into German');
    expect(second?.title).toBe('');
    second?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(second?.title).toBe('Translate into German');
    // A shown translation's button says "Show original": no title.
    first?.click();
    await vi.waitFor(() => expect(count('#comments-1 [data-companion="translation"]')).toBe(1), WAIT);
    first?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(first?.title).toBe('');
    // Another language chosen: a title already made names it.
    await setSettings({ buttons: true, language: 'fr', readAloud: false, voice: 'female' });
    await vi.waitFor(() => expect(second?.title).toBe('Translate into French'), WAIT);
  });

  it('gives a text its buttons when it comes near the view; "Translate all" is there at once and takes it then', async () => {
    const second = () => document.querySelector('#comments-2 .comment-content') as Element;
    inView = (element) => element !== second();
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('#comments-1 button[data-companion="translate"]')).toBe(1), WAIT);
    expect(count('[data-companion="translate-all"]')).toBe(1);
    expect(count('#comments-2 button[data-companion="translate"]')).toBe(0);

    document.querySelector<HTMLButtonElement>('[data-companion="translate-all"]')?.click();
    await vi.waitFor(() => expect(count('#comments-1 [data-companion="translation"]')).toBe(1), WAIT);
    expect(translated()).toEqual(['Bonjour tout le monde']);
    scrollTo(second());
    await vi.waitFor(() => expect(count('#comments-2 button[data-companion="translate"]')).toBe(1), WAIT);
    scrollTo(second());
    await vi.waitFor(() => expect(count('#comments-2 [data-companion="translation"]')).toBe(1), WAIT);
    expect(translated()).toEqual(['Bonjour tout le monde', 'Hola a todos']);
  });

  it('"Translate all" asks at most once per pace (400 ms: 2.5 a second, half the extension\'s 5)', async () => {
    const sent: number[] = [];
    vi.mocked(sendMessage).mockImplementation(async (type: string) => {
      if (type === 'getPageTuning') return {};
      sent.push(Date.now());
      return { text: 'Hello', from: 'fr', cached: false };
    });
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
    expect(TRANSLATE_ALL_PACE_MS).toBe(400);
    // The test's clock, not the machine's: on a busy machine the process can pause between the
    // feature's reading of the clock and its request, and the real gap says nothing of the pace.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      document.querySelector<HTMLButtonElement>('[data-companion="translate-all"]')?.click();
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(TRANSLATE_ALL_PACE_MS - 1);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(2);
      expect((sent[1] ?? 0) - (sent[0] ?? 0)).toBe(TRANSLATE_ALL_PACE_MS);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(count('[data-companion="translation"]')).toBe(2), WAIT);
  });
  describe('"Translate all"\'s pace in each kind of install', () => {
    /**
     * The feature loaded afresh (its page asks the background for its tuning once), on a page whose
     * background answers `getPageTuning` with `tuning` (a store install answers `{}`); the clock is
     * the test's. Resolves with the times of the translate requests, and the tuning asks.
     */
    const freshPageWhoseBackgroundAnswers = async (tuning: PageTuning) => {
      const sent: number[] = [];
      vi.mocked(sendMessage).mockImplementation(async (type: string) => {
        if (type === 'getPageTuning') return tuning;
        sent.push(Date.now());
        return { text: 'Hello', from: 'fr', cached: false };
      });
      vi.resetModules();
      const { translateComments: feature } = await import('./translate-comments');
      feature.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
      await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2), WAIT);
      const tuningAsks = () => vi.mocked(sendMessage).mock.calls.filter(([type]) => type === 'getPageTuning');
      // Nothing asked of the background before the member clicks "Translate all".
      expect(tuningAsks()).toHaveLength(0);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      document.querySelector<HTMLButtonElement>('[data-companion="translate-all"]')?.click();
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toHaveLength(1);
      return { sent, tuningAsks };
    };
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is 400 ms in a store install, whatever storage holds (the tuning item, the old test switches)', async () => {
      await fakeBrowser.storage.local.set(EVERY_TEST_SWITCH);
      const { sent } = await freshPageWhoseBackgroundAnswers({});
      await vi.advanceTimersByTimeAsync(TRANSLATE_ALL_PACE_MS - 1);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(2);
    });

    it("is a development install's tuning, asked of the background once, at the first click", async () => {
      const { sent, tuningAsks } = await freshPageWhoseBackgroundAnswers({ translateAllPaceMs: 250 });
      await vi.advanceTimersByTimeAsync(249);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(2);
      expect(tuningAsks()).toHaveLength(1);
    });
  });
});
