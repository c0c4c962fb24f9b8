/** The daily record's message (./project-history-background.ts answers it). */
import { answer, type Declarations, EXTENSION_PAGE } from '@/lib/protocol/declaration';

export const projectHistoryMessages = {
  /** "Forget my history": the signed-in member's record goes (the popup's "Over time" view). */
  forgetProjectHistory: { from: EXTENSION_PAGE, answer: answer<void>() },
} as const satisfies Declarations;
