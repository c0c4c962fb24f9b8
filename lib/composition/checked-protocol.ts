/**
 * The platform's checks (lib/protocol/checked-messages.ts) over the whole protocol
 * (./protocol-messages.ts): the background's first listener, which refuses messages named like
 * `Object.prototype`'s members, its own handlers, and the handlers' tests, which check a domain's
 * handlers behind the declarations the background enforces. Background only.
 */
import type { SiteProfile } from '@/lib/config';
import * as checks from '@/lib/protocol/checked-messages';
import { protocolMessages } from './protocol-messages';

type Protocol = typeof protocolMessages;
/** Handlers by message name, for any message of the protocol. */
export type Handlers = checks.HandlersOf<Protocol>;

/** `handler` behind its message's sender policy and schema. */
export function checkedHandler<K extends keyof Protocol>(
  profile: SiteProfile,
  type: K,
  handler: checks.Handler<Protocol[K]>,
): checks.CheckedHandler<Protocol[K]> {
  return checks.checkedHandler(profile, protocolMessages, type, handler);
}

/** Every handler of `handlers` behind its message's checks. */
export function checkedHandlers<H extends Handlers>(
  profile: SiteProfile,
  handlers: H,
): { [K in keyof H & keyof Protocol]: checks.CheckedHandler<Protocol[K]> } {
  return checks.checkedHandlers(profile, protocolMessages, handlers);
}

/** Registers each of `handlers` to answer its message, behind the message's checks. */
export function answerMessages(profile: SiteProfile, handlers: Handlers): void {
  checks.answerMessages(profile, protocolMessages, handlers);
}

/** The background's first listener: messages named like `Object.prototype`'s members get a refusal. */
export function refuseInheritedMessageNames(): void {
  checks.refuseInheritedMessageNames(protocolMessages);
}
