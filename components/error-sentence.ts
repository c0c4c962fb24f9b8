import type { ListError } from '@/lib/cached-list/cached-list';
import { plural, t } from '@/lib/i18n';

/** A clear sentence for a failed read, by what went wrong (the cached items stay beside it). */
export function errorSentence(error: ListError): string {
  switch (error.kind) {
    case 'rate-limited': {
      const seconds = error.retryAfterMs === undefined ? 0 : Math.ceil(error.retryAfterMs / 1000);
      const first = t('feed.errors.rateLimited');
      return seconds > 0 ? `${first} ${plural('feed.errors.retryIn', seconds)}` : first;
    }
    case 'offline':
      return t('feed.errors.offline');
    case 'timeout':
      return t('feed.errors.timeout');
    case 'server':
      return error.status === undefined
        ? t('feed.errors.serverNoStatus')
        : t('feed.errors.server', [String(error.status)]);
    case 'malformed':
      return t('feed.errors.malformed');
    case 'signed-out':
      return t('feed.errors.signedOut');
    case 'redirected':
      return t('feed.errors.redirected');
    default:
      return t('feed.errors.unknown');
  }
}

/**
 * When the sentence's promise falls due: after a 429 that said how long to wait ("It will try again
 * in N seconds"), the ms from `now` until the list may be read again; null for every other failure
 * (those wait for the member's refresh or the next open).
 */
export function retryDueIn(error: ListError | null, now: number): number | null {
  if (error?.kind !== 'rate-limited' || error.retryAfterMs === undefined) return null;
  return Math.max(0, error.at + error.retryAfterMs - now);
}
