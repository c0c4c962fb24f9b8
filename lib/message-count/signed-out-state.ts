/** The message count's state while nobody is signed in (the stored state's fallback). */
import type { MessageCountState } from '@/lib/message-count/message-count-model';

export const signedOutState: MessageCountState = Object.freeze({
  username: null,
  count: null,
  readAt: 0,
  source: 'none',
  staleUntil: 0,
  awayStreak: 0,
  failures: 0,
});
