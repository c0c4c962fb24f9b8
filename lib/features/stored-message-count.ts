/**
 * The background's message count as content scripts see it: read from storage and followed
 * through `storage.onChanged`, never requested. Every tab gets the same number at the same time,
 * and a tab costs the service nothing. It reads the raw keys the storage items of lib/storage.ts
 * write (the storage library would take a third of the content script's size budget);
 * stored-message-count.test.ts checks both sides agree.
 */
import {
  MESSAGE_COUNT_KEY,
  MESSAGE_COUNT_SETTINGS_KEY,
  type MessageCountSettings,
  messageCountSettingsOf,
} from '@/lib/message-count/message-count-model';
import { whenAborted } from './when-aborted';

/** The count to show: null when there is none (signed out, or nothing read yet). */
export interface ShownCount {
  count: number | null;
  username: string | null;
}

type Area = 'local' | 'sync';

function splitKey(key: string): { area: Area; name: string } {
  const [area, ...rest] = key.split(':');
  return { area: area === 'sync' ? 'sync' : 'local', name: rest.join(':') };
}

/**
 * The reads asked for in one turn, by area: one `get` each. Every read is a round trip to the
 * browser and back, and the page's features start together (lib/features/registry.ts runs them
 * in one turn): one read serves them all.
 */
const reads = new Map<Area, [string, (value: unknown) => void][]>();

function read(area: Area, name: string, deliver: (value: unknown) => void): void {
  let batch = reads.get(area);
  if (batch === undefined) {
    const asked: [string, (value: unknown) => void][] = [];
    batch = asked;
    reads.set(area, asked);
    queueMicrotask(() => {
      reads.delete(area);
      browser.storage[area].get(asked.map(([key]) => key)).then(
        (values) => {
          for (const [key, receive] of asked) receive(values[key]);
        },
        () => undefined,
      );
    });
  }
  batch.push([name, deliver]);
}

type Follower = [area: Area, name: string, receive: (value: unknown) => void];
/**
 * Every follower, all heard through one `storage.onChanged` listener: Firefox copies a change's
 * values into the page once per listener, and every feature follows. The list is replaced, not
 * changed, when one stops (a change being heard goes on over the old list).
 */
let followers: Follower[] = [];
const hear = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
  for (const [area, name, receive] of followers) {
    const change = changes[name];
    if (area === changedArea && change !== undefined) receive(change.newValue);
  }
};

/** Calls `deliver` with the raw value of `key` now and after every change, until `signal` aborts. */
export function follow(signal: AbortSignal, key: string, deliver: (value: unknown) => void): void {
  const { area, name } = splitKey(key);
  const follower: Follower = [
    area,
    name,
    (value) => {
      if (!signal.aborted) deliver(value);
    },
  ];
  if (followers.length === 0) browser.storage.onChanged.addListener(hear);
  followers = [...followers, follower];
  whenAborted(signal, () => {
    followers = followers.filter((other) => other !== follower);
    if (followers.length === 0) browser.storage.onChanged.removeListener(hear);
  });
  read(area, name, follower[2]);
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
