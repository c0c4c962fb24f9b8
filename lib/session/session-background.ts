/**
 * The session's side of the protocol, registered by the background: `whoami` answers with the
 * username, id and avatar, never the token. Only senders of this extension (and content scripts in
 * site tabs) get an answer.
 */

import { onMessage } from '../checked-messages';
import type { SiteProfile } from '../config';
import { isTrustedSender } from '../sender';
import type { Session } from './session';

export function registerSessionMessages(session: Session, profile: SiteProfile): void {
  onMessage('whoami', async ({ sender }) => {
    if (!isTrustedSender(sender, profile)) throw new Error('Untrusted sender');
    const user = await session.whoami();
    // Copy field by field: nothing else of the session can slip into the answer.
    return user === null ? null : { id: user.id, username: user.username, avatarUrl: user.avatarUrl };
  });
}
