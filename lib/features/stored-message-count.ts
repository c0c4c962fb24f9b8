/**
 * The background's message count as content scripts see it: read from storage and followed with
 * `storage.watch`, never requested. Every tab gets the same number at the same time, and a tab
 * costs the service nothing.
 */
import { type MessageCountSettings, messageCountItem, messageCountSettingsItem } from '@/lib/storage';

/** The count to show, or null when there is none (signed out, or nothing read yet). */
export interface ShownCount {
  count: number | null;
  username: string | null;
}

/** Calls `onChange` with the stored count now and after every change, until `signal` aborts. */
export function followMessageCount(signal: AbortSignal, onChange: (shown: ShownCount) => void): void {
  const deliver = (state: { count: number | null; username: string | null } | null) => {
    if (signal.aborted || state === null) return;
    onChange({ count: state.username === null ? null : state.count, username: state.username });
  };
  const unwatch = messageCountItem.watch((state) => deliver(state));
  signal.addEventListener('abort', unwatch, { once: true });
  messageCountItem.getValue().then(deliver, () => undefined);
}

/** Calls `onChange` with the member's settings now and after every change, until `signal` aborts. */
export function followSettings(
  signal: AbortSignal,
  onChange: (settings: MessageCountSettings) => void,
): void {
  const deliver = (settings: MessageCountSettings | null) => {
    if (!signal.aborted && settings !== null) onChange(settings);
  };
  const unwatch = messageCountSettingsItem.watch((settings) => deliver(settings));
  signal.addEventListener('abort', unwatch, { once: true });
  messageCountSettingsItem.getValue().then(deliver, () => undefined);
}
