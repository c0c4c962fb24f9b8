/**
 * The messages of the member's other accounts (./other-accounts-background.ts answers them): their
 * list and counts arrive through otherAccountsItem and otherAccountCountsItem.
 */
import { z } from 'zod';
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';
import { username } from '@/lib/protocol/fields';
import type { AddAccountOutcome } from './other-accounts-model';

export const otherAccountsMessages = {
  /** Checks the name with one read of its public count and adds it when the user exists. */
  addOtherAccount: {
    from: EXTENSION_PAGE,
    data: z.object({ username }),
    answer: answer<AddAccountOutcome>(),
  },
  /** Removes an account from the list, with its count. */
  removeOtherAccount: { from: EXTENSION_PAGE, data: z.object({ username }), answer: answer<void>() },
  /** Changes what an account's new messages bring: nothing more, a badge dot, a notification. */
  setOtherAccountAlert: {
    from: EXTENSION_PAGE,
    data: z.object({ username, alert: z.enum(['none', 'dot', 'notify']) }),
    answer: answer<void>(),
  },
  /** Reads the accounts that are due (at most every 10 minutes each; never signed out or away). */
  refreshOtherAccounts: { from: EXTENSION_PAGE, answer: answer<void>() },
} as const satisfies Declarations;
