/**
 * The background's side of the protocol, the one place its declaration (lib/protocol-messages.ts) is
 * enforced: before a handler runs, the sender must be of a kind the message names (else "Untrusted
 * sender"), and the message's data must parse with its schema (else "Malformed message: <name>").
 * A content script in a hostile page (or a future bug in the popup) can only get one of these clean
 * refusals, never a handler working on `undefined`, a string where a number belongs, a 5 MB text or
 * an object carrying `__proto__`. Handlers hold only their logic, and the rules only they can know.
 * Background only (zod stays out of the popup and the content scripts).
 */
import type { Browser } from 'wxt/browser';
import { type AnswerOf, type CheckedData, type MessageName, onMessage } from '@/lib/protocol';
import type { SiteProfile } from '../config';
import { type MessageDeclaration, protocolMessages } from '../protocol-messages';
import { isSenderOf } from './sender';

/** What a handler gets: the checked data, and the sender (already of an allowed kind). */
export interface Request<K extends MessageName> {
  data: CheckedData<K>;
  sender: Browser.runtime.MessageSender;
}
export type Handler<K extends MessageName> = (request: Request<K>) => AnswerOf<K> | Promise<AnswerOf<K>>;
/** Handlers by message name, as a domain's background module gives them. */
export type Handlers = { [K in MessageName]?: Handler<K> };

/** `handler` behind its message's sender policy and schema (exported for the handlers' tests). */
export function checkedHandler<K extends MessageName>(
  profile: SiteProfile,
  type: K,
  handler: Handler<K>,
): (message: { data: unknown; sender: Browser.runtime.MessageSender }) => Promise<AnswerOf<K>> {
  const declaration: MessageDeclaration = protocolMessages[type];
  return async ({ data, sender }) => {
    if (!isSenderOf(declaration.from, sender, profile)) throw new Error('Untrusted sender');
    let checked: unknown;
    if (declaration.data !== undefined) {
      const parsed = declaration.data.safeParse(data);
      if (!parsed.success) throw new Error(`Malformed message: ${type}`);
      checked = parsed.data;
    }
    return handler({ data: checked as CheckedData<K>, sender });
  };
}

/** Every handler of `handlers` behind its message's checks (for the handlers' tests). */
export function checkedHandlers<H extends Handlers>(
  profile: SiteProfile,
  handlers: H,
): { [K in keyof H & MessageName]: ReturnType<typeof checkedHandler<K>> } {
  const checked: Record<string, unknown> = {};
  for (const type of Object.keys(handlers) as MessageName[])
    checked[type] = checkedHandler(profile, type, handlers[type] as Handler<typeof type>);
  return checked as { [K in keyof H & MessageName]: ReturnType<typeof checkedHandler<K>> };
}

/**
 * Registers each of `handlers` to answer its message, behind the message's checks. The one way the
 * background answers the protocol; call it synchronously from the background's main function.
 */
export function answerMessages(profile: SiteProfile, handlers: Handlers): void {
  for (const [type, handler] of Object.entries(checkedHandlers(profile, handlers)))
    onMessage(type as MessageName, handler as never);
}

/**
 * @webext-core/messaging looks a message's handler up in a plain object, so a message named like a
 * property of `Object.prototype` (`constructor`, `toString`, ...) reaches that function instead of
 * being ignored, and its return value goes back as an answer (`constructor` echoes the message).
 * This listener, registered before the library's, answers such messages first with a refusal (the
 * first answer wins in both browsers). Where webextension-polyfill wraps `chrome` (Chrome before
 * 148), its answer leaves a microtask later, still ahead of the library's, which answers from an
 * async function (checked-messages-polyfill.test.ts). Call it at the very start of the background.
 */
export function refuseInheritedMessageNames(): void {
  browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
    const type =
      typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : null;
    if (typeof type !== 'string' || Object.hasOwn(protocolMessages, type) || !(type in Object.prototype))
      return undefined;
    sendResponse({ err: { name: 'Error', message: `Unknown message: ${type}` } });
    return undefined;
  });
}
