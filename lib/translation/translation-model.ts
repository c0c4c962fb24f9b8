/**
 * Why a translation failed, in the member's words, on site pages and in the popup alike (the
 * background's error names cross the message boundary: lib/background-gone.ts).
 */
import { t } from '@/lib/i18n';

export function translationErrorSentence(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'Timeout' || name === 'Network') return t('translate.errorOffline');
  if (name === 'RateLimited') return t('translate.errorBusy');
  return t('translate.errorFailed');
}
