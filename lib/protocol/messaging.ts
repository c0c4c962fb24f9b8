/**
 * The one typed protocol between the popup / options page / content scripts and the background, on
 * @webext-core/messaging. Each message is declared once, by the domain that answers it
 * (`lib/<domain>/<domain>-protocol.ts`, ./declaration.ts); lib/composition/protocol-messages.ts
 * assembles them and adds them to `ProtocolDeclarations` below (declaration merging), so this file
 * imports no domain and the types of every message reach every sender. The background enforces the
 * rest in one place (./checked-messages.ts). This module stays zod-free: it imports types only.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type * as Declared from './declaration';
import type { extensionMessages } from './extension-protocol';

export type { PingResult } from './extension-protocol';

type ExtensionMessages = typeof extensionMessages;

/**
 * Every message of the protocol, by name: the background's own (./extension-protocol.ts), and
 * every domain's, which lib/composition/protocol-messages.ts adds.
 */
export interface ProtocolDeclarations extends ExtensionMessages {}

export type MessageName = keyof ProtocolDeclarations;
/** What a message's handler answers. */
export type AnswerOf<K extends MessageName> = Declared.AnswerOf<ProtocolDeclarations[K]>;
/** What a sender puts in a message (before the background's checks). */
export type SentData<K extends MessageName> = Declared.SentData<ProtocolDeclarations[K]>;
/** What a handler receives (after the checks: defaults, cuts and normalisations applied). */
export type CheckedData<K extends MessageName> = Declared.CheckedData<ProtocolDeclarations[K]>;

/** @webext-core/messaging's map: a message without data is a function of nothing. */
export type ProtocolMap = Declared.ProtocolMapOf<ProtocolDeclarations>;

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
