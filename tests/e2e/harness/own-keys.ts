/**
 * The storage name of a member's own item (lib/storage/member-owned-item.ts): `<name>.<user id>`,
 * the id the sandbox's session read hands the extension for that member.
 */
import type { RunningSandbox } from './sandbox';

export function ownKey(sandbox: RunningSandbox, name: string, username: string): string {
  const id = sandbox.control.store.getUser(username)?.id;
  if (id === undefined) throw new Error(`no sandbox user ${username}`);
  return `${name}.${id}`;
}
