/**
 * Translate and Read aloud for a text inside the popup, as on site pages and with their markers:
 * a `button[data-companion="translate"]` shows the translation below the text,
 * `[data-companion="translation"][lang][dir]`, in the member's language (the settings and the site's
 * cookie, as on site pages: ./translation-prefs.ts); a second click hides it, a third shows it again
 * with no request. A failure says why in a sentence, with a retry. The background translates with
 * the cache site pages fill: a text translated on a page costs no request here, and none is made
 * before a click. Read aloud (when the setting is on) reads the translation shown, else the original
 * (./popup-reader.ts). With the setting that hides Translate buttons off, nothing shows.
 *
 * Only views that are chunks of their own use this (a conversation, Explore's detail views): the
 * popup opens without it (ARCHITECTURE.md, Budgets).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  guessLanguageFromScript,
  languageDirection,
  languageName,
  languageTag,
} from '@/lib/api/helper-languages';
import { needsTranslation } from '@/lib/api/text-split';
import { t, uiLanguage } from '@/lib/i18n';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import { sendMessage } from '@/lib/protocol/messaging';
import type { TranslationResult } from '@/lib/translation/translation-model';
import { translationErrorSentence } from '@/lib/translation/translation-model';
import { readingEnded, startReading, stopReading, voiceFor } from './popup-reader';
import {
  siteLanguage,
  type TranslationPrefs,
  targetLanguage,
  useTranslationPrefs,
} from './translation-prefs';
import './TextTranslation.css';

export type TranslationState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'shown'; language: string; result: TranslationResult }
  | { kind: 'error'; error: unknown };

export interface TextTranslationControl {
  /** The text as translated and read (trimmed, as site pages take it). */
  text: string;
  prefs: TranslationPrefs;
  state: TranslationState;
  /** Translate (or show again), or hide the translation shown. */
  toggle(): void;
}

/**
 * The translation of `text` and what changes it; null while the settings are read, when the
 * member hid the Translate buttons, or when the text has no words to translate.
 */
export function useTextTranslation(text: string): TextTranslationControl | null {
  const prefs = useTranslationPrefs();
  const trimmed = text.trim();
  const [state, setState] = useState<TranslationState>({ kind: 'idle' });
  /** Translations received, by language: showing one again needs no message. */
  const results = useRef(new Map<string, TranslationResult>());
  const alive = useRef(true);
  const current = useRef(trimmed);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  // Another text (a comment edited, a view reused): start over.
  useEffect(() => {
    if (current.current === trimmed) return;
    current.current = trimmed;
    results.current.clear();
    setState({ kind: 'idle' });
  }, [trimmed]);

  if (prefs === null || !prefs.settings.buttons || !needsTranslation(trimmed)) return null;

  const translate = () => {
    const language = targetLanguage(prefs, navigator.languages);
    const known = results.current.get(language);
    if (known) {
      setState({ kind: 'shown', language, result: known });
      return;
    }
    setState({ kind: 'loading' });
    const asked = trimmed;
    // A background stopped mid-request is asked once more; a second failure shows the sentence.
    sendSurvivingRestart(() => sendMessage('translate', { text: asked, language })).then(
      (result) => {
        if (!alive.current || current.current !== asked) return;
        results.current.set(language, result);
        setState({ kind: 'shown', language, result });
      },
      (error: unknown) => {
        if (alive.current && current.current === asked) setState({ kind: 'error', error });
      },
    );
  };
  return {
    text: trimmed,
    prefs,
    state,
    toggle() {
      if (state.kind === 'loading') return;
      if (state.kind === 'shown') setState({ kind: 'idle' });
      else translate();
    },
  };
}

/** The Translate button (its label says what a click does) and, with the setting on, Read aloud. */
export function TranslateButtons({ control }: { control: TextTranslationControl }) {
  const { state, prefs } = control;
  const loading = state.kind === 'loading';
  const shown = state.kind === 'shown';
  const language = targetLanguage(prefs, navigator.languages);
  return (
    <>
      <button
        type="button"
        class="text-button translate-button"
        data-companion="translate"
        data-state={loading ? 'loading' : shown ? 'shown' : 'original'}
        aria-busy={loading}
        title={shown ? undefined : t('translate.buttonTitle', [languageName(language, uiLanguage())])}
        onClick={control.toggle}
      >
        {loading ? t('translate.translating') : shown ? t('translate.showOriginal') : t('translate.button')}
      </button>
      {prefs.settings.readAloud && <ReadAloudButton control={control} />}
    </>
  );
}

type ReadingState = 'idle' | 'starting' | 'playing' | 'error';

/** Reads the translation shown, else the original; a second click stops. */
function ReadAloudButton({ control }: { control: TextTranslationControl }) {
  const [reading, setReading] = useState<ReadingState>('idle');
  const id = useRef<number | null>(null);
  /** Which click the button answers: a click while starting, or unmounting, makes older ones moot. */
  const turn = useRef(0);
  useEffect(
    () => () => {
      turn.current++;
      if (id.current !== null) void stopReading(id.current);
    },
    [],
  );

  const click = async () => {
    const mine = ++turn.current;
    if (reading === 'starting' || reading === 'playing') {
      if (id.current !== null) void stopReading(id.current);
      id.current = null;
      setReading('idle');
      return;
    }
    const { state, prefs, text } = control;
    const speech =
      state.kind === 'shown'
        ? { text: state.result.text, language: state.language }
        : { text, language: guessLanguageFromScript(text, siteLanguage(prefs, navigator.languages)) };
    setReading('starting');
    try {
      const started = await startReading(speech.text, voiceFor(speech.language, prefs.settings.voice));
      if (turn.current !== mine) {
        void stopReading(started);
        return;
      }
      id.current = started;
      setReading('playing');
      await readingEnded(started);
      if (turn.current === mine) {
        id.current = null;
        setReading('idle');
      }
    } catch {
      if (turn.current === mine) setReading('error');
    }
  };
  const active = reading === 'starting' || reading === 'playing';
  return (
    <>
      <button
        type="button"
        class="text-button"
        data-companion="read-aloud"
        data-state={reading}
        aria-pressed={active}
        onClick={() => void click()}
      >
        {active ? t('translate.stopReading') : t('translate.readAloud')}
      </button>
      {reading === 'error' && (
        <span class="read-aloud-error" data-companion="read-aloud-error" role="alert">
          {t('translate.readAloudFailed')}
        </span>
      )}
    </>
  );
}

/** What a click shows below the text: the translation, or why there is none with a retry. */
export function TranslationOutput({ control }: { control: TextTranslationControl }) {
  const { state } = control;
  if (state.kind === 'shown') {
    const { language, result } = state;
    return (
      <div class="translation" data-companion="translation-box">
        <span class="translation-note">
          {result.from
            ? t('translate.translatedFrom', [languageName(result.from, uiLanguage())])
            : t('translate.translation')}
        </span>
        {/* The helper's answer is text: a Preact text child, never parsed. */}
        <span
          class="translation-text"
          data-companion="translation"
          lang={languageTag(language)}
          dir={languageDirection(language)}
        >
          {result.text}
        </span>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div class="translation-error" data-companion="translation-error" role="alert">
        <span>{translationErrorSentence(state.error)}</span>{' '}
        <button type="button" class="text-button" data-companion="translation-retry" onClick={control.toggle}>
          {t('translate.retry')}
        </button>
      </div>
    );
  }
  return null;
}

/** A text's buttons in a row of their own, and what they show below it. */
export function TextTranslation({ text, class: className }: { text: string; class?: string }) {
  const control = useTextTranslation(text);
  if (control === null) return null;
  return (
    <div class={className ? `translation-tools ${className}` : 'translation-tools'}>
      <div class="translation-buttons">
        <TranslateButtons control={control} />
      </div>
      <TranslationOutput control={control} />
    </div>
  );
}
