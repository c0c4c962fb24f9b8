import { errorSentence } from '@/components/error-sentence';
import { fullDate, t } from '@/lib/i18n';
import type { DeleteOutcome, PostOutcome } from '@/lib/messages/messages-model';

const REJECTION_KEYS = {
  isEmpty: 'messagesTab.rejected.isEmpty',
  isFlood: 'messagesTab.rejected.isFlood',
  isBad: 'messagesTab.rejected.isBad',
  hasChatSite: 'messagesTab.rejected.hasChatSite',
  isSpam: 'messagesTab.rejected.isSpam',
  isUnconstructive: 'messagesTab.rejected.isUnconstructive',
  isDisallowed: 'messagesTab.rejected.isDisallowed',
  isIPMuted: 'messagesTab.rejected.isIPMuted',
  isTooLong: 'messagesTab.rejected.isTooLong',
  isNotPermitted: 'messagesTab.rejected.isNotPermitted',
  replyLimitReached: 'messagesTab.rejected.replyLimitReached',
} as const;

/** The sentence for a rejection code (docs/site-reference.md's codes; unknown ones get a generic sentence). */
export function rejectionSentence(code: string, muteExpiresAt?: number): string {
  if (code === 'isMuted') {
    const ends = muteExpiresAt === undefined ? '' : fullDate(muteExpiresAt * 1000);
    return ends === '' ? t('messagesTab.rejected.isMutedNoTime') : t('messagesTab.rejected.isMuted', [ends]);
  }
  return Object.hasOwn(REJECTION_KEYS, code)
    ? t(REJECTION_KEYS[code as keyof typeof REJECTION_KEYS])
    : t('messagesTab.rejected.generic');
}

/** What a failed post tells the member (the draft always stays). */
export function postFailureSentence(outcome: Exclude<PostOutcome, { ok: true }>): string {
  switch (outcome.kind) {
    case 'rejected':
      return rejectionSentence(outcome.code, outcome.muteExpiresAt);
    case 'not-in-thread':
      return t('messagesTab.thread.notInThread');
    case 'other-member':
      return t('messagesTab.thread.replyOtherMember');
    case 'storage-full':
      return t('messagesTab.thread.storageFull');
    default: {
      // A reply is never sent again by itself: no "It will try again in N seconds" under it.
      const { retryAfterMs: _promise, ...error } = outcome.error;
      return `${errorSentence(error)} ${t('messagesTab.thread.draftKept')}`;
    }
  }
}

export function deleteFailureSentence(outcome: Exclude<DeleteOutcome, { ok: true }>): string {
  if (outcome.kind === 'other-member') return t('messagesTab.thread.deleteOtherMember');
  return outcome.kind === 'not-allowed'
    ? t('messagesTab.thread.deleteNotAllowed')
    : errorSentence(outcome.error);
}
