/**
 * The content script's one way to read storage: a stored value by its raw key (`local:name`,
 * `sync:name`), now and after every change, until the feature's signal aborts. Raw keys, not the
 * storage items (lib/storage/storage-item.ts): the storage library would take a third of the
 * content script's size budget. Every feature that shows stored state follows it through here.
 */
import { whenAborted } from './when-aborted';

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
