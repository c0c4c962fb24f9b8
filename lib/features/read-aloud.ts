/**
 * The read-aloud button beside a Translate button (translate-comments.ts adds it while the setting
 * is on): it asks the background to read the text it is given (the translation when one shows, the
 * original otherwise) and shows the reading's state; a second click stops. One reading at a time on
 * a page: starting one ends the one before (the background stops it, and its button hears so).
 */
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/protocol/messaging';
import { companionAttribute } from '@/lib/site/selectors';
import { linkButton } from './link-button';
import { tellBackground } from './tell-background';
import { whenAborted } from './when-aborted';

/** What to read: the text and the language it is in (a helper code, or a guess from its script). */
export interface Speech {
  text: string;
  language: string;
}

export const READ_ALOUD_MARK = 'read-aloud';
/** The sentence beside the button after a reading could not start (the button is its retry). */
export const READ_ALOUD_ERROR_MARK = 'read-aloud-error';

type ReadingState = 'idle' | 'starting' | 'playing' | 'error';

/** The button of the reading that runs on this page, and how to reset it. */
let active: { button: HTMLButtonElement; reset: () => void } | null = null;

export function readAloudButton(speech: () => Speech, signal: AbortSignal): HTMLButtonElement {
  // Its label is set by `show` below, with its state.
  const button = linkButton(READ_ALOUD_MARK, '');
  button.classList.add('companion-read-aloud');
  let readingId: number | null = null;
  let sentence: HTMLElement | null = null;

  const show = (state: ReadingState) => {
    if (state === 'error' && sentence === null && button.isConnected) {
      sentence = document.createElement('span');
      sentence.className = 'companion-read-aloud-error';
      sentence.setAttribute(companionAttribute, READ_ALOUD_ERROR_MARK);
      sentence.setAttribute('role', 'alert');
      sentence.textContent = t('translate.readAloudFailed');
      button.after(sentence);
    } else if (state !== 'error') {
      sentence?.remove();
      sentence = null;
    }
    button.dataset.state = state;
    button.setAttribute('aria-pressed', String(state === 'starting' || state === 'playing'));
    button.textContent =
      state === 'idle' || state === 'error' ? t('translate.readAloud') : t('translate.stopReading');
    button.title = state === 'error' ? t('translate.readAloudFailed') : '';
  };
  const reset = (state: ReadingState = 'idle') => {
    readingId = null;
    if (active?.button === button) active = null;
    show(state);
  };
  show('idle');

  button.addEventListener('click', async () => {
    if (button.dataset.state === 'starting' || button.dataset.state === 'playing') {
      const id = readingId;
      reset();
      if (id !== null) await tellBackground('stopReading', { readingId: id });
      return;
    }
    active?.reset();
    active = { button, reset };
    show('starting');
    try {
      const { readingId: id } = await sendMessage('startReading', speech());
      // Stopped (or replaced) while it was starting: stop this reading, not a newer one.
      if (active?.button !== button || signal.aborted) {
        void tellBackground('stopReading', { readingId: id });
        return;
      }
      readingId = id;
      show('playing');
      await tellBackground('readingEnded', { readingId: id });
      if (readingId === id) reset();
    } catch {
      if (active?.button === button) reset('error');
    }
  });
  whenAborted(signal, () => {
    sentence?.remove();
    if (active?.button === button && readingId !== null) void tellBackground('stopReading', { readingId });
    if (active?.button === button) active = null;
  });
  return button;
}
