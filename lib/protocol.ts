/**
 * The one typed protocol between the popup / content scripts and the background.
 * Every handler in the background checks the sender (see entrypoints/background.ts).
 */
import { defineExtensionMessaging } from '@webext-core/messaging';

export interface PingResult {
  ok: true;
  /** Extension version, from the manifest. */
  version: string;
  /** Which site profile the background runs. */
  profile: string;
}

export interface ProtocolMap {
  /** Liveness check: proves a context can reach the background. */
  ping(): PingResult;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
