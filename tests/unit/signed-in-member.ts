/**
 * A member signed in as the popup, the options page and the background see it (`local:member`):
 * what a member chooses (mutes, bells, other accounts) is theirs, and reads and writes as theirs
 * only while they are signed in (lib/storage/member-owned-item.ts).
 */
import type { SessionUser } from '@/lib/session/session-model';
import { memberItem } from '@/lib/session/session-storage';

export const demoMember: SessionUser = { id: 1001, username: 'demo', avatarUrl: '' };

export function signIn(member: SessionUser = demoMember): Promise<void> {
  return memberItem.setValue(member);
}
