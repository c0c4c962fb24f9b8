/**
 * The background's message count as content scripts see it: read from storage and followed
 * through `storage.onChanged` (./follow-stored.ts), never requested. Every tab gets the same number
 * at the same time, and a tab costs the service nothing. It reads the raw keys the message count's
 * storage items write (lib/message-count/message-count-storage.ts: the storage library would take
 * a third of the content script's size budget); stored-message-count.test.ts checks both sides agree.
 */
import {
  MESSAGE_COUNT_KEY,
  MESSAGE_COUNT_SETTINGS_KEY,
  type MessageCountSettings,
  messageCountSettingsOf,
} from '@/lib/message-count/message-count-model';
import { follow } from './follow-stored';

/** The count to show: null when there is none (signed out, or nothing read yet). */
export interface ShownCount {
  count: number | null;
  username: string | null;
}

/**
 * The stored count; `afterMutes`: the count after the member's mutes where there is one (tab titles
 * and the editor), else the site's own (the site's navigation bar keeps the site's number).
 */
export function shownCount(value: unknown, afterMutes?: boolean): ShownCount {
  const state = (value ?? {}) as { count?: unknown; username?: unknown; shown?: { count?: unknown } };
  const username = typeof state.username === 'string' ? state.username : null;
  const raw = afterMutes && typeof state.shown?.count === 'number' ? state.shown.count : state.count;
  const count = typeof raw === 'number' && username !== null ? raw : null;
  return { count, username };
}

/** The settings from a stored value (missing keys at their defaults). */
export const settingsOf = messageCountSettingsOf;

/** Calls `onChange` with the stored count now and after every change, until `signal` aborts. */
export function followMessageCount(
  signal: AbortSignal,
  onChange: (shown: ShownCount) => void,
  afterMutes?: boolean,
): void {
  follow(signal, MESSAGE_COUNT_KEY, (value) => onChange(shownCount(value, afterMutes)));
}

/** Calls `onChange` with the member's settings now and after every change, until `signal` aborts. */
export function followSettings(
  signal: AbortSignal,
  onChange: (settings: MessageCountSettings) => void,
): void {
  follow(signal, MESSAGE_COUNT_SETTINGS_KEY, (value) => onChange(settingsOf(value)));
}
