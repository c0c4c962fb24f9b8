/** The session's message (./session-background.ts answers it). */
import { answer, type Declarations, EITHER } from '@/lib/protocol/declaration';
import type { SessionUser } from './session-model';

/** The signed-in member as any context may know it: never the token. */
export type WhoAmI = SessionUser;

export const sessionMessages = {
  /** The signed-in member (username, id, avatar URL), or null when signed out. */
  whoami: { from: EITHER, answer: answer<WhoAmI | null>() },
} as const satisfies Declarations;
