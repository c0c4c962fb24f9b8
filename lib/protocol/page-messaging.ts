/**
 * The content script's `sendMessage`: the build puts this module in place of ./messaging.ts in the
 * content script alone (wxt.config.ts), so a site page sends the protocol's messages through
 * `browser.runtime`, the namespace every other part of the content script uses. The library behind
 * ./messaging.ts sends through `chrome.runtime`, a second namespace object in both browsers, whose
 * bindings the browser builds again on a page's first message (1 to 4 ms of the page's main thread
 * at each load). What goes over the wire is the library's, unchanged: the message
 * `{ id, type, data, timestamp }`, answered `{ res }` or `{ err }` (an error serialized with its
 * name and own fields), which the background's ./checked-messages.ts answers like any other.
 */
import { browser } from 'wxt/browser';
import type { sendMessage as librarySendMessage } from './messaging';

export type { MessageName, ProtocolMap } from './messaging';

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  cause?: unknown;
  [field: string]: unknown;
}

const isSerializedError = (value: unknown): value is SerializedError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SerializedError).name === 'string' &&
  typeof (value as SerializedError).message === 'string';

/** The error the background answered with, as the library rebuilds it: its name and fields kept. */
export function errorOfAnswer(value: unknown): unknown {
  if (!isSerializedError(value)) return value;
  const { message, cause, ...fields } = value;
  const error = new Error(message, cause === undefined ? undefined : { cause: errorOfAnswer(cause) });
  return Object.assign(error, fields);
}

let nextId = Math.floor(Math.random() * 10_000);

async function send(type: string, data: unknown): Promise<unknown> {
  const message = { id: nextId++, type, data, timestamp: Date.now() };
  const answer = (await browser.runtime.sendMessage(message).catch((failure: unknown) => {
    // The browser's own failure (no background, the port closed) as a plain Error of this page's
    // script, as the library gives it: lib/protocol/background-gone.ts tells it by that.
    throw new Error(
      failure instanceof Object && 'message' in failure ? String(failure.message) : String(failure),
    );
  })) as { res?: unknown; err?: unknown } | undefined;
  const { res, err } = answer ?? { err: new Error('No response') };
  if (err != null) throw errorOfAnswer(err);
  return res;
}

export const sendMessage = send as unknown as typeof librarySendMessage;
