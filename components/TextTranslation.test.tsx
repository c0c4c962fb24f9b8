// @vitest-environment happy-dom
/**
 * The popup's Translate button and what it shows, with the background faked at the protocol (the
 * settings in the fake browser's storage, the site's cookie from its cookies API): idle, loading,
 * shown (as text, with its `lang` and `dir`), hidden again, shown once more with no message; a
 * failure's sentence and its retry; the setting that hides the buttons; the site's language; and
 * Read aloud playing the translation shown, in the popup's own <audio> element.
 */
import { type ComponentChildren, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { t } from '@/lib/i18n';
import { WAIT } from '@/tests/unit/wait';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: send }));

/** The component module afresh: each case reads the settings and the cookie again, as a new popup. */
async function fresh() {
  vi.resetModules();
  return import('./TextTranslation');
}

let root: HTMLElement;
beforeEach(() => {
  send.mockReset();
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

async function show(children: ComponentChildren) {
  await act(async () => {
    render(children, root);
  });
}

const button = () => root.querySelector<HTMLButtonElement>('button[data-companion="translate"]');
const translation = () => root.querySelector<HTMLElement>('[data-companion="translation"]');
const click = (element: HTMLElement | null) =>
  act(async () => {
    if (element === null) throw new Error('nothing to click');
    element.click();
  });

/** A background that answers `translate` when told to. */
function pendingTranslation() {
  let answer!: (value: unknown) => void;
  let fail!: (error: unknown) => void;
  send.mockImplementation(
    (type: string) =>
      type === 'translate' &&
      new Promise((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  /** Until the button has left its loading state (the answer crosses a few promises). */
  const settled = () => vi.waitFor(() => expect(button()?.dataset.state).not.toBe('loading'), WAIT);
  return {
    answer: async (value: unknown) => {
      await act(async () => answer(value));
      await settled();
    },
    fail: async (error: unknown) => {
      await act(async () => fail(error));
      await settled();
    },
  };
}

describe('the popup’s Translate button', () => {
  it('goes idle, loading, shown as text with its language, hidden, and shown again with no request', async () => {
    const { TextTranslation } = await fresh();
    const hostile = '<img src=x onerror="alert(1)"> Bonjour à tous';
    await show(<TextTranslation text={`  ${hostile}\n`} />);
    await vi.waitFor(() => expect(button()).not.toBeNull(), WAIT);
    // Idle: the site pages' words, and nothing asked before a click.
    expect(button()?.textContent).toBe(t('translate.button'));
    expect(button()?.dataset.state).toBe('original');
    expect(button()?.title).toBe('Translate into English');
    expect(send).not.toHaveBeenCalled();

    const background = pendingTranslation();
    await click(button());
    expect(button()?.dataset.state).toBe('loading');
    expect(button()?.getAttribute('aria-busy')).toBe('true');
    expect(button()?.textContent).toBe(t('translate.translating'));
    // The trimmed text, as site pages send it: the same cache entry.
    expect(send).toHaveBeenCalledWith('translate', { text: hostile, language: 'en' });
    // A click while it loads asks nothing more.
    await click(button());
    expect(send).toHaveBeenCalledTimes(1);

    await background.answer({ text: '<b>Hello</b> everyone', from: 'fr', cached: false });
    expect(button()?.dataset.state).toBe('shown');
    expect(button()?.textContent).toBe(t('translate.showOriginal'));
    expect(translation()?.textContent).toBe('<b>Hello</b> everyone');
    expect(translation()?.getAttribute('lang')).toBe('en');
    expect(translation()?.getAttribute('dir')).toBe('ltr');
    expect(root.querySelector('.translation-note')?.textContent).toBe('Translated from French');
    expect(root.querySelectorAll('b, img, script')).toHaveLength(0);

    await click(button());
    expect(translation()).toBeNull();
    expect(button()?.dataset.state).toBe('original');
    await click(button());
    expect(translation()?.textContent).toBe('<b>Hello</b> everyone');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says why a translation failed, on that text, and its retry translates', async () => {
    const { TextTranslation } = await fresh();
    await show(<TextTranslation text="Hola amigos" />);
    await vi.waitFor(() => expect(button()).not.toBeNull(), WAIT);
    const background = pendingTranslation();
    await click(button());
    await background.fail(Object.assign(new Error('offline'), { name: 'Network' }));
    const error = root.querySelector('[data-companion="translation-error"]');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.querySelector('span')?.textContent).toBe(
      'The translator did not answer. Check your connection, then try again.',
    );
    expect(translation()).toBeNull();
    expect(button()?.dataset.state).toBe('original');

    const again = pendingTranslation();
    await click(root.querySelector('[data-companion="translation-retry"]'));
    expect(root.querySelector('[data-companion="translation-error"]')).toBeNull();
    await again.answer({ text: 'Hello friends', from: 'es', cached: true });
    expect(translation()?.textContent).toBe('Hello friends');

    // Busy helper: its own sentence.
    await show(<TextTranslation text="Otro texto" />);
    const busy = pendingTranslation();
    await click(button());
    await busy.fail(Object.assign(new Error('429'), { name: 'RateLimited' }));
    expect(root.querySelector('[data-companion="translation-error"] span')?.textContent).toBe(
      'The translator is busy. Wait a moment, then try again.',
    );
  });

  it('shows nothing while the member hides Translate buttons, and comes back when they show them', async () => {
    await fakeBrowser.storage.sync.set({
      translationSettings: { buttons: false, language: '', readAloud: true, voice: 'female' },
    });
    const { TextTranslation } = await fresh();
    await show(<TextTranslation text="Guten Tag" />);
    // Settled: the settings were read (a text without words would show nothing either way).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(root.innerHTML).toBe('');
    await act(async () => {
      await fakeBrowser.storage.sync.set({
        translationSettings: { buttons: true, language: '', readAloud: true, voice: 'female' },
      });
    });
    await vi.waitFor(() => expect(button()).not.toBeNull(), WAIT);
    expect(root.querySelector('button[data-companion="read-aloud"]')).not.toBeNull();
    // A text of digits and emoji has no words: no button.
    await show(<TextTranslation text="12345 🎉 :)" />);
    expect(button()).toBeNull();
  });

  it('translates into the setting’s language, else the site’s (its cookie), right to left where it is written so', async () => {
    vi.spyOn(fakeBrowser.cookies, 'get').mockImplementation(async ({ name }) =>
      name === 'scratchlanguage' ? ({ name, value: 'pt-br', domain: 'scratch.mit.edu' } as never) : null,
    );
    const { TextTranslation } = await fresh();
    await show(<TextTranslation text="Good morning" />);
    await vi.waitFor(() => expect(button()?.title).toBe('Translate into Portuguese'), WAIT);
    send.mockResolvedValue({ text: 'Bom dia', from: 'en', cached: true });
    await click(button());
    await vi.waitFor(() => expect(translation()).not.toBeNull(), WAIT);
    expect(send).toHaveBeenLastCalledWith('translate', { text: 'Good morning', language: 'pt' });
    expect(translation()?.getAttribute('lang')).toBe('pt');

    await act(async () => {
      await fakeBrowser.storage.sync.set({
        translationSettings: { buttons: true, language: 'ar', readAloud: false, voice: 'female' },
      });
    });
    await click(button());
    send.mockResolvedValue({ text: 'صباح الخير', from: 'en', cached: false });
    await click(button());
    await vi.waitFor(() => expect(translation()?.textContent).toBe('صباح الخير'), WAIT);
    expect(send).toHaveBeenLastCalledWith('translate', { text: 'Good morning', language: 'ar' });
    expect(translation()?.getAttribute('lang')).toBe('ar');
    expect(translation()?.getAttribute('dir')).toBe('rtl');
  });

  it('reads the translation shown aloud in the popup, from the background’s audio, and stops on a second click', async () => {
    await fakeBrowser.storage.sync.set({
      translationSettings: { buttons: true, language: 'fr', readAloud: true, voice: 'male' },
    });
    // happy-dom plays nothing: the element reports playing when asked to play, and ends when told.
    const playing = new Set<HTMLAudioElement>();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLAudioElement) {
      playing.add(this);
      queueMicrotask(() => this.dispatchEvent(new Event('playing')));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLAudioElement) {
      playing.delete(this);
    });
    send.mockImplementation(async (type: string) => {
      if (type === 'translate') return { text: 'Bonjour tout le monde', from: 'en', cached: true };
      if (type === 'speechClip') return { base64: 'AAH+/w==', type: 'audio/mpeg' };
      throw new Error(`unexpected ${type}`);
    });
    const { TextTranslation } = await fresh();
    await show(<TextTranslation text="Hello everyone" />);
    await vi.waitFor(() => expect(button()).not.toBeNull(), WAIT);
    await click(button());
    await vi.waitFor(() => expect(translation()?.textContent).toBe('Bonjour tout le monde'), WAIT);
    const reader = () => root.querySelector<HTMLButtonElement>('button[data-companion="read-aloud"]');
    expect(reader()?.textContent).toBe(t('translate.readAloud'));
    await click(reader());
    await vi.waitFor(() => expect(reader()?.dataset.state).toBe('playing'), WAIT);
    expect(reader()?.getAttribute('aria-pressed')).toBe('true');
    expect(reader()?.textContent).toBe(t('translate.stopReading'));
    // The translation, in the French voice, the member's male one.
    expect(send).toHaveBeenCalledWith('speechClip', {
      text: 'Bonjour tout le monde',
      language: 'fr-FR',
      voice: 'male',
    });
    expect(playing.size).toBe(1);
    await click(reader());
    expect(reader()?.dataset.state).toBe('idle');
    expect(playing.size).toBe(0);

    // The helper fails: a sentence beside the button, which is ready again.
    send.mockImplementation(async (type: string) => {
      if (type === 'speechClip') throw Object.assign(new Error('down'), { name: 'Network' });
      return undefined;
    });
    await click(reader());
    await vi.waitFor(() => expect(reader()?.dataset.state).toBe('error'), WAIT);
    expect(root.querySelector('[data-companion="read-aloud-error"]')?.textContent).toBe(
      t('translate.readAloudFailed'),
    );
  });
});
