/**
 * The session's side of the protocol, registered by the background: `whoami` answers with the
 * username, id and avatar, never the token (who may ask: lib/protocol-messages.ts).
 */

import type { SiteProfile } from '../config';
import { answerMessages } from '../protocol/checked-messages';
import type { MemberSource } from './previous-member';
import { sessionMessages } from './session-protocol';

export function registerSessionMessages(session: Pick<MemberSource, 'whoami'>, profile: SiteProfile): void {
  answerMessages(profile, sessionMessages, {
    async whoami() {
      const user = await session.whoami();
      // Copy field by field: nothing else of the session can slip into the answer.
      return user === null ? null : { id: user.id, username: user.username, avatarUrl: user.avatarUrl };
    },
  });
}
