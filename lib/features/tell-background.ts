/**
 * Tells the background what a page saw or no longer needs, not minding its answer: a failure (the
 * background busy, or stopped and starting again) changes nothing for the page, which tells it
 * again at its next change. Resolves once the background answered or failed.
 */
import { type MessageName, type ProtocolMap, sendMessage } from '@/lib/protocol/messaging';

export function tellBackground<K extends MessageName>(
  type: K,
  data: Parameters<ProtocolMap[K]>[0],
): Promise<unknown> {
  return sendMessage(type, data as never).catch(() => undefined);
}
