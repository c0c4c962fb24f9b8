/**
 * A Translate button beside every comment, reply, project note, studio description and profile text
 * ("About me", "What I'm working on") that has words in it (lib/site/selectors.ts names them; the
 * composer and the member's own editable texts have none), on project, studio and legacy profile
 * pages, also for comments added later ("Load more", opened replies, the member's own posts, profile
 * comments that arrive after the page). A click shows the translation below the original, as text,
 * in the member's language; a second click hides it, and a third shows it again, with no request.
 * Nothing is translated before a click. A failure shows a sentence and a retry on that text alone.
 * "Translate all" (one per comment list; a studio's comments have no list element of their own, see
 * `commentListOf`) translates what is in view, then what scrolls into view, one text at a time and
 * paced, until stopped. With the setting on, a read-aloud button sits beside Translate
 * (./read-aloud.ts).
 *
 * The background translates (and caches: each text once per language, ever); this file only asks.
 * Work follows what changes (one MutationObserver, attributes included: React reuses nodes and
 * changes their text in place) and what is visible: a text gets its buttons when it comes near
 * the viewport (an IntersectionObserver with a margin of NEAR_MARGIN), so a page of hundreds of
 * comments costs at load what the few on screen cost; "Translate all" translates what is in view.
 */

import {
  guessLanguageFromScript,
  languageName,
  memberLanguage,
  siteLanguageCookie,
  translationLanguage,
} from '@/lib/api/helper-languages';
import { t, uiLanguage } from '@/lib/i18n';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import { sendMessage } from '@/lib/protocol/messaging';
import { isProfilePage, isStudioPage, projectPageId } from '@/lib/site/pages';
import {
  commentBottomRow,
  companionAttribute,
  profileTextFrame,
  translatableText,
} from '@/lib/site/selectors';
import type { TranslationResult } from '@/lib/translation/translation-model';
import {
  TRANSLATION_SETTINGS_KEY,
  type TranslationSettings,
  translationSettingsOf,
} from '@/lib/translation/translation-model';
import { forEachMatch } from './each-match';
import { follow } from './follow-stored';
import { hasWords } from './has-words';
import { linkButton } from './link-button';
import { readAloudButton } from './read-aloud';
import type { Feature } from './registry';
import { addStyles, declareStyles } from './stylesheet';
import { createTranslateAll } from './translate-all';
import { translationBox, translationError } from './translation-box';
import { whenAborted } from './when-aborted';

export const TRANSLATE_MARK = 'translate';
/**
 * How near the viewport a text must come to get its buttons: a screen above and below, so they are
 * there before a member scrolling at any usual speed reaches the text, and a page of a hundred
 * comments makes only the few near the screen at load.
 */
export const NEAR_MARGIN = '100% 0px';

const STYLES = `
.companion-tools{display:inline-flex;gap:.75em;margin-inline-start:.75em;align-items:baseline}
.companion-tools-block{display:flex;margin:.25em 0 .5em}
.companion-link-button{all:unset;cursor:pointer;color:#855cd6;font-size:.85em;font-weight:600}
.companion-link-button:hover{text-decoration:underline}
.companion-link-button:focus-visible{outline:2px solid #855cd6;outline-offset:2px;border-radius:2px}
.companion-link-button[aria-busy=true]{opacity:.6;cursor:progress}
.companion-translation{display:block;margin:.5em 0 .25em;padding-block:.35em;padding-inline:.75em .5em;border-inline-start:3px solid #855cd6;background:rgba(133,92,214,.07);border-radius:4px}
.companion-translation-note{display:block;font-size:.75em;color:#575e75;margin-bottom:.15em}
.companion-translation-text{display:block;white-space:pre-wrap;overflow-wrap:anywhere}
.companion-translation-error{display:block;margin:.4em 0;font-size:.85em;color:#b4261a}
.companion-translation-error button{margin-inline-start:.5em}
.companion-read-aloud-error{font-size:.85em;color:#b4261a}
.companion-translate-all{display:block;margin:.5em 0}
`;
declareStyles('translate-comments', STYLES);

/** Where a text's buttons go and how its translation is placed. */
interface Placement {
  /** The element the buttons are appended to, or null: a row of their own after the text. */
  toolsHost: Element | null;
  /** What the translation (and a row of buttons of their own) goes after: the text, or its frame. */
  anchor: Element;
}

function placementOf(text: Element): Placement {
  // Classes, not the full selectors: this runs for every comment.
  if (text.classList.contains('comment-content')) {
    const next = text.nextElementSibling;
    if (next?.matches(commentBottomRow)) return { toolsHost: next, anchor: text };
    const bubble = text.parentElement;
    const row = bubble ? [...bubble.children].find((child) => child.matches(commentBottomRow)) : undefined;
    return { toolsHost: row ?? null, anchor: text };
  }
  if (text.classList.contains('content')) {
    // The row of time and "Reply" right after the text.
    const row = text.nextElementSibling;
    return { toolsHost: row && row.tagName === 'DIV' ? row : null, anchor: text };
  }
  if (text.classList.contains('overview')) {
    // A profile text scrolls in a box of fixed height: what Companion adds goes below the box, where
    // it is seen whole, not inside it where it would be clipped.
    return { toolsHost: null, anchor: text.closest(profileTextFrame) ?? text };
  }
  return { toolsHost: null, anchor: text };
}

interface TextState {
  element: Element;
  /** What its translation and error go after (see Placement). */
  anchor: Element;
  /** The text as it was when the buttons were added (React may change it in place). */
  text: string;
  tools: HTMLElement;
  button: HTMLButtonElement;
  readAloud: HTMLButtonElement | null;
  /** Translations already received, by language: showing one again needs no request. */
  results: Map<string, TranslationResult>;
  /** The language shown now, or null while the original shows alone. */
  shown: string | null;
  box: HTMLElement | null;
  error: HTMLElement | null;
  /** The request under way; it resolves true when it reached the helper (not the cache). */
  busy: Promise<boolean> | null;
}

/** The language the member reads: the setting, the site's cookie, the page's `lang`, the browser's. */
function targetLanguage(settings: TranslationSettings): string {
  return memberLanguage({
    setting: settings.language,
    siteCookie: siteLanguageCookie(document.cookie),
    pageLang: document.documentElement.lang,
    browserLanguages: navigator.languages,
  });
}

/** The site's language without the setting: the guess for originals in Latin script. */
function siteLanguage(): string {
  return (
    translationLanguage(siteLanguageCookie(document.cookie)) ??
    translationLanguage(document.documentElement.lang) ??
    'en'
  );
}

/** Calls `deliver` with the stored settings now and after each change, until `signal` aborts. */
function followTranslationSettings(signal: AbortSignal, deliver: (settings: TranslationSettings) => void) {
  follow(signal, TRANSLATION_SETTINGS_KEY, (value) => deliver(translationSettingsOf(value)));
}

/** The classes of every translatable text (lib/site/selectors.ts), for a quick test before the full selectors. */
const TEXT_CLASSES = '.comment-content, div.content, .project-description, .studio-description, .overview';

/** True for what Companion added (the root element's `data-companion` is only the script's ready mark). */
const ours = (node: Node | null): boolean => {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const marked = element?.closest('[data-companion]');
  return marked != null && marked !== document.documentElement;
};

export const translateComments: Feature = {
  name: 'translate-comments',
  // Project pages (not the editor), studios (every tab: the description shows on all of them) and
  // profiles (their comments, "About me" and "What I'm working on").
  runsOn: (page) => projectPageId(page) !== null || isStudioPage(page) || isProfilePage(page),
  run(_page, signal) {
    if (signal.aborted) return;
    // The buttons follow their setting: turned off, every button and translation shown goes at once
    // (the tools' own signal aborts); turned on again, they come back on every text.
    let shown: AbortController | null = null;
    followTranslationSettings(signal, (settings) => {
      if (settings.buttons && shown === null) {
        shown = new AbortController();
        showTranslateTools(shown.signal);
      } else if (!settings.buttons && shown !== null) {
        shown.abort();
        shown = null;
      }
    });
    whenAborted(signal, () => shown?.abort());
  },
};

/** The Translate buttons (and read aloud, and "Translate all") on the page's texts, until `signal` aborts. */
function showTranslateTools(signal: AbortSignal): void {
  addStyles('translate-comments', STYLES, signal);
  let settings = translationSettingsOf(undefined);
  // "Translate into French": one language name per page and setting. Intl.DisplayNames is slow to
  // make (2 ms in Firefox), so the name is made when a member first points at or focuses a button.
  let title: { language: string; text: string } | null = null;
  const buttonTitle = () => {
    const language = targetLanguage(settings);
    if (title?.language !== language)
      title = { language, text: t('translate.buttonTitle', [languageName(language, uiLanguage())]) };
    return title.text;
  };
  const states = new WeakMap<Element, TextState>();
  /** Every text with buttons, to add or remove read-aloud buttons when the setting changes. */
  const tracked = new Set<TextState>();
  const added: Node[] = [];

  const [translate, hide] = textTranslations(signal, added, () => targetLanguage(settings), buttonTitle);

  const detach = (state: TextState) => {
    states.delete(state.element);
    tracked.delete(state);
    state.tools.remove();
    state.box?.remove();
    state.error?.remove();
  };

  // The rows of buttons, made once (inline in a comment's bottom row, or a block after the text).
  const inlineTools = makeTools('span', 'companion-tools');
  const blockTools = makeTools('div', 'companion-tools companion-tools-block');
  // One listener for every Translate button, and one giving a button its title (see buttonTitle)
  // when it is pointed at or focused.
  const buttonStates = new WeakMap<Element, TextState>();
  const stateOf = (event: Event) => buttonStates.get(event.target as Element);
  document.addEventListener(
    'click',
    (event) => {
      const state = stateOf(event);
      if (!state || state.busy) return;
      if (state.shown) hide(state);
      else void translate(state);
    },
    { signal },
  );
  for (const type of ['mouseover', 'focusin'])
    document.addEventListener(
      type,
      (event) => {
        const state = stateOf(event);
        if (state && !state.shown) state.button.title = buttonTitle();
      },
      { signal },
    );

  /**
   * Texts seen on the page and not near the viewport yet: they get their buttons (and every other
   * look at their words) only when they come near. The observer's callback is one batch of writes.
   */
  const waiting = new WeakSet<Element>();
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting || !entry.target.isConnected) {
          near.unobserve(entry.target);
          waiting.delete(entry.target);
        }
        if (entry.isIntersecting) equip(entry.target);
      }
      // The buttons just added need no look from the page observer.
      observer.takeRecords();
    },
    { rootMargin: NEAR_MARGIN },
  );

  /** Notes a text on the page: its buttons come when it is near (see `near`), or now if it has them. */
  const check = (element: Element) => {
    if (states.has(element)) equip(element);
    else if (!waiting.has(element)) {
      waiting.add(element);
      near.observe(element);
      // Its list's "Translate all" is there from the start, like the list.
      translateAll.listOf(element);
    }
  };

  /** Adds the buttons to a text, or brings them up to date when React changed the text in place. */
  const equip = (element: Element) => {
    const text = (element.textContent ?? '').trim();
    const state = states.get(element);
    if (state) {
      if (state.text === text && state.tools.isConnected) return;
      detach(state);
    }
    if (!element.isConnected || !hasWords(text)) return;
    const { toolsHost, anchor } = placementOf(element);
    // A copy of a ready-made row: cheaper than building one per comment.
    const tools = (toolsHost ? inlineTools : blockTools).cloneNode(true) as HTMLElement;
    const translateButton = tools.firstElementChild as HTMLButtonElement;
    const fresh: TextState = {
      element,
      anchor,
      text,
      tools,
      button: translateButton,
      readAloud: null,
      results: new Map(),
      shown: null,
      box: null,
      error: null,
      busy: null,
    };
    buttonStates.set(translateButton, fresh);
    if (settings.readAloud) setReadAloud(fresh, true, signal);
    if (toolsHost) toolsHost.append(tools);
    else anchor.after(tools);
    added.push(tools);
    states.set(element, fresh);
    tracked.add(fresh);
    translateAll.listOf(element)?.add(fresh);
  };

  // "Translate all": one control per comment list (./translate-all.ts).
  const translateAll = createTranslateAll<TextState>({
    signal,
    translate,
    isCurrent: (state) => tracked.has(state),
  });

  const observer = watchTexts(check);

  followTranslationSettings(signal, (next) => {
    const languageChanged = next.language !== settings.language;
    settings = next;
    for (const state of tracked) {
      setReadAloud(state, settings.readAloud, signal);
      // A title already made names the new language (the others are made when pointed at).
      if (languageChanged && state.button.title) state.button.title = buttonTitle();
    }
  });

  whenAborted(signal, () => {
    observer.disconnect();
    near.disconnect();
    for (const node of added) (node as ChildNode).remove();
    added.length = 0;
    tracked.clear();
  });
}

/**
 * What the Translate (and read-aloud) buttons of a page do to their text, until `signal` aborts:
 * show its translation (asked of the background once per language), hide it, say why it failed
 * with a retry, and keep each button's look. Every box added goes in `added` (removed at the end).
 */
function textTranslations(
  signal: AbortSignal,
  added: Node[],
  languageNow: () => string,
  buttonTitle: () => string,
): readonly [translate: (state: TextState) => Promise<boolean>, hide: (state: TextState) => void] {
  const setButton = (state: TextState) => {
    const busy = state.busy !== null;
    state.button.setAttribute('aria-busy', String(busy));
    state.button.dataset.state = busy ? 'loading' : state.shown ? 'shown' : 'original';
    state.button.textContent = busy
      ? t('translate.translating')
      : state.shown
        ? t('translate.showOriginal')
        : t('translate.button');
    state.button.title = state.shown ? '' : buttonTitle();
  };

  const hide = (state: TextState) => {
    state.box?.remove();
    state.box = null;
    state.shown = null;
    setButton(state);
  };

  const display = (state: TextState, language: string, result: TranslationResult) => {
    clearError(state);
    state.box?.remove();
    const box = translationBox(language, result);
    state.anchor.after(box);
    added.push(box);
    state.box = box;
    state.shown = language;
    setButton(state);
  };

  const showError = (state: TextState, error: unknown) => {
    clearError(state);
    const box = translationError(error, () => void translate(state));
    state.anchor.after(box);
    added.push(box);
    state.error = box;
  };

  /**
   * Shows the translation in the member's language, asking the background if not known yet.
   * Resolves true when that cost a request to the helper (not answered from a cache).
   */
  const translate = (state: TextState): Promise<boolean> => {
    if (state.busy) return state.busy;
    const language = languageNow();
    const known = state.results.get(language);
    if (known) {
      display(state, language, known);
      return Promise.resolve(false);
    }
    const text = state.text;
    // A background stopped mid-request is asked once more (its answer died with it); a second
    // failure shows the sentence and the retry button.
    state.busy = sendSurvivingRestart(() => sendMessage('translate', { text, language })).then(
      (result) => {
        state.busy = null;
        if (!signal.aborted && state.text === text) {
          state.results.set(language, result);
          display(state, language, result);
        }
        return !result.cached;
      },
      (error: unknown) => {
        state.busy = null;
        if (!signal.aborted && state.text === text) {
          setButton(state);
          showError(state, error);
        }
        return true;
      },
    );
    clearError(state);
    setButton(state);
    return state.busy;
  };

  return [translate, hide];
}

/** Adds a text's read-aloud button (`on`) or takes it away, as the setting says. */
function setReadAloud(state: TextState, on: boolean, signal: AbortSignal): void {
  if (on && !state.readAloud) {
    state.readAloud = readAloudButton(() => speechOf(state), signal);
    state.tools.append(state.readAloud);
  } else if (!on && state.readAloud) {
    state.readAloud.remove();
    state.readAloud = null;
  }
}

const clearError = (state: TextState) => {
  state.error?.remove();
  state.error = null;
};

/** What read aloud says: the translation shown, else the original in the language its script suggests. */
const speechOf = (state: TextState) => {
  if (state.shown) {
    const result = state.results.get(state.shown);
    if (result) return { text: result.text, language: state.shown };
  }
  return { text: state.text, language: guessLanguageFromScript(state.text, siteLanguage()) };
};

/** A row of buttons with its Translate button, to be copied for each text. */
function makeTools(tag: 'span' | 'div', className: string): HTMLElement {
  const tools = document.createElement(tag);
  tools.className = className;
  tools.setAttribute(companionAttribute, 'text-tools');
  const translateButton = linkButton(TRANSLATE_MARK, t('translate.button'));
  translateButton.setAttribute('aria-busy', 'false');
  translateButton.dataset.state = 'original';
  tools.append(translateButton);
  return tools;
}

/**
 * Watches the page for texts (`check` notes each one: ./translate-comments.ts's `showTranslateTools`)
 * and returns the observer: texts added later ("Load more", opened replies, the member's own
 * posts), texts React rewrote in place, and rows that re-rendered without our buttons.
 */
function watchTexts(check: (text: Element) => void): MutationObserver {
  const scan = (root: ParentNode) => forEachMatch(root, translatableText, check);

  const observer = new MutationObserver((records) => {
    // A batch has many records of one target (a list given 20 comments, one at a time): the walks
    // up from a target (is it ours, is it in a text) are made once per batch.
    const mine = new Map<Node, boolean>();
    const isOurs = (target: Node) => {
      let known = mine.get(target);
      if (known === undefined) {
        known = ours(target);
        mine.set(target, known);
      }
      return known;
    };
    const textLooked = new Set<Node>();
    for (const record of records) {
      const { target, type } = record;
      // A change inside a text (React rewrote it), or to an element holding texts.
      const host = target instanceof Element ? target : target.parentElement;
      if (type === 'characterData') {
        // Most of a loading page's text changes are outside any text of ours (counts, times,
        // labels): one walk up tells, before the walk that asks whether the change is Companion's.
        if (textLooked.has(target)) continue;
        textLooked.add(target);
        const text = host?.closest(TEXT_CLASSES);
        if (text?.matches(translatableText) && !isOurs(target)) check(text);
        continue;
      }
      if (isOurs(target)) continue;
      if (type !== 'attributes' && !textLooked.has(target)) {
        textLooked.add(target);
        // Cheap class test first: the full selectors only for elements that may be texts.
        const text = host?.closest(TEXT_CLASSES);
        if (text?.matches(translatableText)) check(text);
      }
      if (type === 'attributes') scan(target as Element);
      // Its target is not ours, so an added node is ours only if it is marked itself.
      for (const node of record.addedNodes)
        if (node instanceof Element && !node.hasAttribute(companionAttribute)) scan(node);
      // A row holding our buttons re-rendered without them: put them back.
      for (const node of record.removedNodes) {
        if (node instanceof Element && (ours(node) || node.querySelector('[data-companion="text-tools"]'))) {
          const comment = host?.closest('div.comment');
          if (comment) scan(comment);
          break;
        }
      }
    }
    // What this callback changed itself (our buttons) needs no second look.
    observer.takeRecords();
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['id', 'class'],
  });
  scan(document.body);
  return observer;
}
