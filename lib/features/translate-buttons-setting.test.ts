// @vitest-environment happy-dom
/**
 * The Translate buttons follow their setting on an open page (issue 13): turned off, every button,
 * "Translate all" and shown translation goes; turned on, the buttons come back; a value synced
 * from a browser not yet migrated (no `buttons`) keeps them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sendMessage } from '@/lib/protocol';
import { sitePage } from '@/lib/site/pages';
import { translateComments } from './translate-comments';

vi.mock('@/lib/protocol', () => ({ sendMessage: vi.fn() }));

const COMMENTS = `
<div class="comments-list">
  <div class="comment" id="comments-1"><div class="comment-body"><div class="comment-bubble">
    <span class="comment-content">Bonjour tout le monde</span><div class="comment-bottom-row"></div>
  </div></div></div>
  <div class="comment" id="comments-2"><div class="comment-body"><div class="comment-bubble">
    <span class="comment-content">Hola a todos</span><div class="comment-bottom-row"></div>
  </div></div></div>
</div>`;
const count = (selector: string) => document.querySelectorAll(selector).length;
const setSettings = (value: Record<string, unknown>) =>
  fakeBrowser.storage.sync.set({ translationSettings: value });

let running: AbortController;
beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  vi.mocked(sendMessage).mockResolvedValue({ text: 'Hello everyone', from: 'fr', cached: false } as never);
  running = new AbortController();
  document.body.innerHTML = COMMENTS;
});
afterEach(() => running.abort());

describe('Translate buttons setting', () => {
  it('takes the buttons and shown translations away when turned off, and brings the buttons back', async () => {
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2));
    expect(count('[data-companion="translate-all"]')).toBe(1);
    document.querySelector<HTMLButtonElement>('#comments-1 button[data-companion="translate"]')?.click();
    await vi.waitFor(() => expect(count('[data-companion="translation"]')).toBe(1));

    await setSettings({ buttons: false, language: '', readAloud: false, voice: 'female' });
    await vi.waitFor(() => expect(count('[data-companion]')).toBe(0));
    expect(document.querySelector('#comments-1 .comment-content')?.textContent).toBe('Bonjour tout le monde');

    await setSettings({ buttons: true, language: '', readAloud: false, voice: 'female' });
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2));
    expect(count('[data-companion="translation"]')).toBe(0);
  });

  it('keeps the buttons for settings stored without `buttons` (synced before the migration)', async () => {
    await setSettings({ language: 'de', readAloud: false, voice: 'female' });
    translateComments.run(sitePage('https://scratch.mit.edu/projects/5/'), running.signal);
    await vi.waitFor(() => expect(count('button[data-companion="translate"]')).toBe(2));
  });
});
