/**
 * The background's side of the protocol, checked at the edge: every message's data is parsed with
 * its zod schema before its handler sees it, so a content script in a hostile page (or a future bug
 * in the popup) can only get a clean "Malformed message" refusal, never a handler working on
 * `undefined`, a string where a number belongs, a 5 MB text or an object carrying `__proto__`.
 * Background only (zod stays out of the popup and the content scripts).
 *
 * Handlers still check the sender and their own rules (which ids, which usernames): this is the
 * shape, not the permission.
 */
import { z } from 'zod';
import { FEED_LIST_NAMES } from './feed/feed-model';
import { onMessage as onUncheckedMessage, type ProtocolMap } from './protocol';

/** The longest text a content script may send to translate or read aloud (project notes hold 5,000). */
export const MAX_MESSAGE_TEXT = 20_000;
/** The most project ids one message may name (a page shows a few dozen at a time). */
const MAX_IDS = 1000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.boolean().optional();
const kind = z.enum(['project', 'studio']);
const text = z.string().max(MAX_MESSAGE_TEXT);
const language = z.string().max(20);
const listName = z.enum(FEED_LIST_NAMES as [string, ...string[]]);
/** Messages without data: whatever comes is ignored. */
const nothing = z.unknown();
/** A moment in ms since the epoch. */
const moment = z.number().optional();
/** The optional `{ force }` of a refresh (the popup may send no object at all). */
const forceOnly = z.object({ force: flag }).optional();

/**
 * One schema per message. The explore sources keep their own checks (`validListSource`,
 * `validDetailSource`), which know every source; here only their outline.
 */
export const protocolSchemas = {
  ping: nothing,
  whoami: nothing,
  reportMessageCount: z.object({ count: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
  messagesPageOpened: nothing,
  refreshMessageCount: nothing,
  getUserMessageCount: z.object({ username: z.string().max(100) }),
  refreshFeed: z.object({ lists: z.array(listName).max(FEED_LIST_NAMES.length * 2), force: flag }),
  loadMoreFeed: z.object({ list: listName }),
  translate: z.object({ text, language }),
  startReading: z.object({ text, language }),
  readingEnded: z.object({ readingId: z.number().int() }),
  stopReading: z.object({ readingId: z.number().int() }),
  refreshMessages: forceOnly,
  loadMoreMessages: nothing,
  openMessageThread: z.object({ kind, objectId: id, commentId: id, force: flag }),
  postReply: z.object({ kind, objectId: id, commentId: id, repliedId: id, text }),
  deleteMessageComment: z.object({ kind, objectId: id, commentId: id, targetId: id }),
  getProjectStatuses: z.object({ ids: z.array(z.number()).max(MAX_IDS) }),
  projectsLeftView: z.object({ ids: z.array(z.number()).max(MAX_IDS) }),
  reportProjectStatus: z.object({ projectId: id, loved: flag, favorited: flag }),
  refreshExploreHome: forceOnly,
  refreshExploreList: z.object({ source: z.looseObject({ source: z.string() }), since: moment, force: flag }),
  loadMoreExplore: z.object({ source: z.looseObject({ source: z.string() }) }),
  openExploreView: z.object({ source: z.looseObject({ detail: z.string() }), since: moment, force: flag }),
} satisfies Record<keyof ProtocolMap, z.ZodType>;

/** `onMessage` of lib/protocol.ts with the message's data parsed first (refused when malformed). */
export const onMessage: typeof onUncheckedMessage = (type, handler) =>
  onUncheckedMessage(type, (message) => {
    const parsed = protocolSchemas[type].safeParse(message.data);
    if (!parsed.success) throw new Error(`Malformed message: ${type}`);
    return handler({ ...message, data: parsed.data as typeof message.data });
  });

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
    if (typeof type !== 'string' || Object.hasOwn(protocolSchemas, type) || !(type in Object.prototype))
      return undefined;
    sendResponse({ err: { name: 'Error', message: `Unknown message: ${type}` } });
    return undefined;
  });
}
