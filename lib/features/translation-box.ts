/**
 * What a Translate click shows below a text: the translation (as text, with the language it came
 * from), or a sentence saying why there is none, with a retry for that text alone.
 */

import { languageName, languageTag } from '@/lib/api/helper-languages';
import { t, uiLanguage } from '@/lib/i18n';
import { companionAttribute } from '@/lib/site/selectors';
import type { TranslationResult } from '@/lib/translation/translation-model';
import { translationErrorSentence } from '@/lib/translation/translation-model';
import { linkButton } from './link-button';

export const TRANSLATION_MARK = 'translation';
export const TRANSLATION_ERROR_MARK = 'translation-error';

/** The translation into `language`, marked `data-companion="translation"` on its text. */
export function translationBox(language: string, result: TranslationResult): HTMLElement {
  const box = document.createElement('div');
  box.className = 'companion-translation';
  const note = document.createElement('span');
  note.className = 'companion-translation-note';
  note.textContent = result.from
    ? t('translate.translatedFrom', [languageName(result.from, uiLanguage())])
    : t('translate.translation');
  const text = document.createElement('span');
  text.className = 'companion-translation-text';
  text.setAttribute(companionAttribute, TRANSLATION_MARK);
  text.lang = languageTag(language);
  text.dir = 'auto';
  text.textContent = result.text;
  box.append(note, text);
  // The marker of the box is its text's; the box itself is ours too (the page observer skips it).
  box.setAttribute(companionAttribute, 'translation-box');
  return box;
}

/** The failure's sentence and a retry, marked `data-companion="translation-error"`. */
export function translationError(error: unknown, retry: () => void): HTMLElement {
  const box = document.createElement('div');
  box.className = 'companion-translation-error';
  box.setAttribute(companionAttribute, TRANSLATION_ERROR_MARK);
  box.setAttribute('role', 'alert');
  const sentence = document.createElement('span');
  sentence.textContent = translationErrorSentence(error);
  const again = linkButton('translation-retry', t('translate.retry'));
  again.addEventListener('click', retry);
  box.append(sentence, again);
  return box;
}
