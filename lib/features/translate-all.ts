/**
 * "Translate all": one control per comment list (the list a text belongs to: `commentListOf`). While
 * it runs, the list's texts in view are translated, then those that scroll into view, one at a time
 * and paced: requests start at least TRANSLATE_ALL_PACE_MS apart (2.5 a second, half the extension's
 * 5), while answers from the cache cost nothing and wait for nothing. A second click stops it.
 */
import { t } from '@/lib/i18n';
import { commentListOf } from '@/lib/site/selectors';
import { linkButton } from './link-button';
import { pageTuning } from './page-tuning';
import { whenAborted } from './when-aborted';

export const TRANSLATE_ALL_MARK = 'translate-all';
/** Between two requests of "Translate all": at most 2.5 a second from it, half the extension's 5. */
export const TRANSLATE_ALL_PACE_MS = 400;

/** What "Translate all" needs of a text with buttons. */
export interface ListedText {
  readonly element: Element;
  /** The language its translation shows in, or null while the original shows alone. */
  readonly shown: string | null;
}

export interface TranslateAllOptions<T extends ListedText> {
  /** Everything stops, and the controls go, when it aborts. */
  signal: AbortSignal;
  /** Shows a text's translation; resolves true when that cost a request (not a cache). */
  translate(text: T): Promise<boolean>;
  /** Whether the text still has its buttons (one React rewrote gets new ones). */
  isCurrent(text: T): boolean;
}

/** The lists' controls, made on first use. */
export interface TranslateAll<T> {
  /** The list `element` belongs to (its control is on the page from then on), or null outside lists. */
  listOf(element: Element): { add(text: T): void } | null;
}

interface ListState<T> {
  running: boolean;
  queue: T[];
  pumping: boolean;
  texts: Set<T>;
  add(text: T): void;
}

export function createTranslateAll<T extends ListedText>(options: TranslateAllOptions<T>): TranslateAll<T> {
  const { signal } = options;
  const lists = new WeakMap<Element, ListState<T>>();
  /** When the last request of "Translate all" left (any list: the pace is the page's). */
  let lastRequest = 0;
  const observers: IntersectionObserver[] = [];
  const controls: HTMLButtonElement[] = [];
  whenAborted(signal, () => {
    for (const visible of observers) visible.disconnect();
    for (const control of controls) control.remove();
  });

  const create = (list: Element): ListState<T> => {
    const control = linkButton(TRANSLATE_ALL_MARK, t('translate.all'), t('translate.allTitle'));
    control.classList.add('companion-translate-all');
    const byElement = new WeakMap<Element, T>();
    const visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const text = byElement.get(entry.target);
        if (entry.isIntersecting && text && state.running && !text.shown && !state.queue.includes(text)) {
          state.queue.push(text);
        }
      }
      void pump();
    });
    observers.push(visible);
    const state: ListState<T> = {
      running: false,
      queue: [],
      pumping: false,
      texts: new Set(),
      add(text) {
        this.texts.add(text);
        byElement.set(text.element, text);
        if (this.running) visible.observe(text.element);
      },
    };
    const pump = async () => {
      if (state.pumping) return;
      state.pumping = true;
      try {
        while (state.running && !signal.aborted) {
          const next = state.queue.shift();
          if (!next) break;
          if (next.shown || !next.element.isConnected || !options.isCurrent(next)) continue;
          // Requests start at least the pace apart; answers from the cache cost nothing and wait not.
          // The pace: TRANSLATE_ALL_PACE_MS, or a development install's (./page-tuning.ts), asked
          // of the background at the first click.
          const { translateAllPaceMs = TRANSLATE_ALL_PACE_MS } = await pageTuning();
          const wait = lastRequest + translateAllPaceMs - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (!state.running) break;
          const started = Date.now();
          if (await options.translate(next)) lastRequest = started;
        }
      } finally {
        state.pumping = false;
      }
    };
    const setRunning = (running: boolean) => {
      state.running = running;
      state.queue = [];
      control.setAttribute('aria-pressed', String(running));
      control.dataset.state = running ? 'running' : 'stopped';
      control.textContent = running ? t('translate.allStop') : t('translate.all');
      visible.disconnect();
      if (running)
        for (const text of state.texts) if (text.element.isConnected) visible.observe(text.element);
    };
    control.addEventListener('click', () => setRunning(!state.running));
    setRunning(false);
    list.before(control);
    controls.push(control);
    return state;
  };

  return {
    listOf(element) {
      const list = commentListOf(element);
      if (!list?.parentElement) return null;
      let state = lists.get(list);
      if (!state) {
        state = create(list);
        lists.set(list, state);
      }
      return state;
    },
  };
}
