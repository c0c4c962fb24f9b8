/**
 * The popup's messages to the background: lib/protocol/messaging.ts's `sendMessage`, with the messaging
 * library (about 3 KB minified) loaded on the first message instead of with the page. Nothing the
 * popup shows in its first frame comes from a message (the frame shows the cache, primed in
 * main.tsx), and every message is sent from an effect or an event, after that frame: so the library
 * is parsed after the first paint, not before it (ARCHITECTURE.md, Budgets: the popup's JavaScript as it
 * opens). Popup code imports `sendMessage` from here, never from lib/protocol/messaging.ts (biome.json says so).
 */
import type { sendMessage as protocolSendMessage } from '@/lib/protocol/messaging';

export type { PingResult } from '@/lib/protocol/messaging';

type AnySend = (...args: unknown[]) => Promise<unknown>;

/** The same function as lib/protocol/messaging.ts's (types, checks and answers alike), loaded on first use. */
export const sendMessage = ((...args: unknown[]) =>
  import('@/lib/protocol/messaging').then((protocol) =>
    (protocol.sendMessage as AnySend)(...args),
  )) as typeof protocolSendMessage;
