/**
 * The one typed protocol between the popup / content scripts and the background. Each message is
 * declared once, in lib/protocol-messages.ts (who may send it, its data's schema, its answer); its
 * types here are derived from that declaration, and the background enforces the rest in one place
 * (lib/checked-messages.ts). This module stays zod-free: it imports the declaration's types only.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod';
import type { protocolMessages } from './protocol-messages';

export type { MessageCountSnapshot, PingResult, WhoAmI } from './protocol-messages';

type Declarations = typeof protocolMessages;
export type MessageName = keyof Declarations;
type DataSchema<K extends MessageName> = Declarations[K] extends { data: infer S extends z.ZodType }
  ? S
  : never;

/** What a message's handler answers. */
export type AnswerOf<K extends MessageName> = Declarations[K]['answer'];
/** What a sender puts in a message (before the background's checks). */
export type SentData<K extends MessageName> = z.input<DataSchema<K>>;
/** What a handler receives (after the checks: defaults, cuts and normalisations applied). */
export type CheckedData<K extends MessageName> = [DataSchema<K>] extends [never]
  ? undefined
  : z.output<DataSchema<K>>;

/** @webext-core/messaging's map: a message without data is a function of nothing. */
export type ProtocolMap = {
  [K in MessageName]: [DataSchema<K>] extends [never]
    ? () => AnswerOf<K>
    : (data: SentData<K>) => AnswerOf<K>;
};

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
