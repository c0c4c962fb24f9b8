// @vitest-environment happy-dom
/**
 * The read-aloud button on a happy-dom page with the background faked: a reading that cannot start
 * leaves the button ready again with a sentence beside it (not a button stuck on "Stop reading"),
 * and the next click, once the helper answers, plays and takes the sentence away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/protocol/messaging';
import { READ_ALOUD_ERROR_MARK, readAloudButton } from './read-aloud';

vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn() }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('read-aloud button', () => {
  let running: AbortController;
  beforeEach(() => {
    vi.mocked(sendMessage).mockReset();
    running = new AbortController();
    document.body.innerHTML = '<p><span id="tools"></span></p>';
  });
  afterEach(() => running.abort());

  it('says so beside the button when reading fails, and reads on the next click once the helper is back', async () => {
    const button = readAloudButton(() => ({ text: 'Hello there', language: 'en' }), running.signal);
    document.getElementById('tools')?.append(button);
    let ended!: (outcome: string) => void;
    vi.mocked(sendMessage).mockImplementation(((type: string) => {
      if (type === 'startReading')
        return Promise.reject(Object.assign(new Error('down'), { name: 'Network' }));
      return Promise.resolve(undefined);
    }) as never);
    button.click();
    await settle();
    const sentence = () => document.querySelector(`[data-companion="${READ_ALOUD_ERROR_MARK}"]`);
    expect(button.dataset.state).toBe('error');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe(t('translate.readAloud'));
    expect(sentence()?.textContent).toBe(t('translate.readAloudFailed'));
    expect(sentence()?.getAttribute('role')).toBe('alert');

    vi.mocked(sendMessage).mockImplementation(((type: string) => {
      if (type === 'startReading') return Promise.resolve({ readingId: 7 });
      if (type === 'readingEnded') return new Promise((resolve) => (ended = resolve));
      return Promise.resolve(undefined);
    }) as never);
    button.click();
    await settle();
    expect(button.dataset.state).toBe('playing');
    expect(sentence()).toBeNull();
    ended('finished');
    await settle();
    expect(button.dataset.state).toBe('idle');
    // Failing twice in a row leaves one sentence, not two.
    vi.mocked(sendMessage).mockImplementation((() => Promise.reject(new Error('down'))) as never);
    button.click();
    await settle();
    button.click();
    await settle();
    expect(document.querySelectorAll(`[data-companion="${READ_ALOUD_ERROR_MARK}"]`)).toHaveLength(1);
  });
});
