/**
 * The background's side of the protocol, the one place its declarations (./declaration.ts) are
 * enforced: before a handler runs, the sender must be of a kind the message names (else "Untrusted
 * sender"), and the message's data must parse with its schema (else "Malformed message: <name>").
 * A content script in a hostile page (or a future bug in the popup) can only get one of these clean
 * refusals, never a handler working on `undefined`, a string where a number belongs, a 5 MB text or
 * an object carrying `__proto__`. Handlers hold only their logic, and the rules only they can know.
 * Each domain's background module answers its own declarations; lib/composition/checked-protocol.ts
 * holds the same checks over the whole protocol. Background only (zod stays out of the popup and the
 * content scripts).
 */
import type { Browser } from 'wxt/browser';
import type { SiteProfile } from '../config';
import type { AnswerOf, CheckedData, Declarations, MessageDeclaration } from './declaration';
import { type MessageName, onMessage } from './messaging';
import { isSenderOf } from './sender';

/** What a handler gets: the checked data, and the sender (already of an allowed kind). */
export interface Request<D> {
  data: CheckedData<D>;
  sender: Browser.runtime.MessageSender;
}
export type Handler<D> = (request: Request<D>) => AnswerOf<D> | Promise<AnswerOf<D>>;
/** Handlers by message name, as a domain's background module gives them for its declarations. */
export type HandlersOf<Ds extends Declarations> = { [K in keyof Ds]?: Handler<Ds[K]> };
/** A handler behind its message's checks, as @webext-core/messaging calls it. */
export type CheckedHandler<D> = (message: {
  data: unknown;
  sender: Browser.runtime.MessageSender;
}) => Promise<AnswerOf<D>>;

/** `handler` behind the sender policy and schema `declarations` give its message. */
export function checkedHandler<Ds extends Declarations, K extends keyof Ds & string>(
  profile: SiteProfile,
  declarations: Ds,
  type: K,
  handler: Handler<Ds[K]>,
): CheckedHandler<Ds[K]> {
  const declaration: MessageDeclaration = declarations[type] as MessageDeclaration;
  return async ({ data, sender }) => {
    if (!isSenderOf(declaration.from, sender, profile)) throw new Error('Untrusted sender');
    let checked: unknown;
    if (declaration.data !== undefined) {
      const parsed = declaration.data.safeParse(data);
      if (!parsed.success) throw new Error(`Malformed message: ${type}`);
      checked = parsed.data;
    }
    return handler({ data: checked as CheckedData<Ds[K]>, sender });
  };
}

/** Every handler of `handlers` behind its message's checks. */
export function checkedHandlers<Ds extends Declarations, H extends HandlersOf<Ds>>(
  profile: SiteProfile,
  declarations: Ds,
  handlers: H,
): { [K in keyof H & keyof Ds & string]: CheckedHandler<Ds[K]> } {
  const checked: Record<string, unknown> = {};
  for (const type of Object.keys(handlers) as (keyof Ds & string)[])
    checked[type] = checkedHandler(profile, declarations, type, handlers[type] as Handler<Ds[typeof type]>);
  return checked as { [K in keyof H & keyof Ds & string]: CheckedHandler<Ds[K]> };
}

/**
 * Registers each of `handlers` to answer its message, behind the checks `declarations` give it. The
 * one way the background answers the protocol; call it synchronously from the background's main
 * function.
 */
export function answerMessages<Ds extends Declarations>(
  profile: SiteProfile,
  declarations: Ds,
  handlers: HandlersOf<Ds>,
): void {
  for (const [type, handler] of Object.entries(checkedHandlers(profile, declarations, handlers)))
    onMessage(type as MessageName, handler as never);
}

/**
 * @webext-core/messaging looks a message's handler up in a plain object, so a message named like a
 * property of `Object.prototype` (`constructor`, `toString`, ...) reaches that function instead of
 * being ignored, and its return value goes back as an answer (`constructor` echoes the message).
 * This listener, registered before the library's, answers such messages first with a refusal (the
 * first answer wins in both browsers), unless `declarations` (the whole protocol) has a message of
 * that name. Where webextension-polyfill wraps `chrome` (Chrome before 148), its answer leaves a
 * microtask later, still ahead of the library's, which answers from an async function
 * (checked-messages-polyfill.test.ts). Call it at the very start of the background.
 */
export function refuseInheritedMessageNames(declarations: Declarations): void {
  browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
    const type =
      typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : null;
    if (typeof type !== 'string' || Object.hasOwn(declarations, type) || !(type in Object.prototype))
      return undefined;
    sendResponse({ err: { name: 'Error', message: `Unknown message: ${type}` } });
    return undefined;
  });
}
