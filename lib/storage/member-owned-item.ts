/**
 * An item each member has their own of: what a member chooses (mutes, bells, other accounts) applies
 * only while that member is signed in and shows only to them. Many members share a computer (a family
 * laptop, a classroom's machines), and `sync:` carries an item to every computer of the browser's
 * profile: one item per member, under the key `<key>.<member id>`, keeps one member's choices from
 * showing to the next, and two members' edits on two computers from overwriting each other.
 *
 * The item reads as the signed-in member's (the owner, an item holding who is signed in), and as its
 * fallback while nobody is; a write while nobody is signed in, or after another member signed in
 * since this context last saw the value, is refused (`NotTheOwner`): a list read as one member's is
 * never written as another's. Its watch hears the owner's changes as changes of the value.
 */
import { browser } from 'wxt/browser';
import {
  defineItem,
  readsThrough,
  type StorageItem,
  type StorageItemOptions,
  type StorageKey,
} from './storage-item';

/** Who is signed in, as far as owning items goes. */
export interface ItemOwner {
  id: number;
}

export interface MemberOwnedItem<T> extends StorageItem<T> {
  /** This member's own item, whoever is signed in. */
  of(memberId: number): StorageItem<T>;
}

/** A write refused: nobody is signed in, or the value was read as another member's. */
export class NotTheOwner extends Error {
  constructor(key: string) {
    super(`${key}: not the signed-in member's`);
    this.name = 'NotTheOwner';
  }
}

/* @__NO_SIDE_EFFECTS__ */
export function defineMemberOwnedItem<T>(
  key: StorageKey,
  // No migrations: each member's item starts at the shape of its day (the upgrade is adoptUnowned's).
  options: Omit<StorageItemOptions<T>, 'migrations'>,
  owner: StorageItem<ItemOwner | null>,
): MemberOwnedItem<T> {
  const { fallback } = options;
  const of = (memberId: number) => defineItem<T>(`${key}.${memberId}`, options);
  /** The member whose value this context last read (undefined: none yet). */
  let seenOwner: number | undefined;
  /**
   * The signed-in member's own item (null while nobody is signed in). For a write, refused while
   * nobody is, or when another member was read since (a list read as one member's is never written
   * as another's); a read notes who was read.
   */
  const mine = async (write?: boolean) => {
    const memberId = (await owner.getValue())?.id;
    if (write && (memberId === undefined || (seenOwner ?? memberId) !== memberId)) throw new NotTheOwner(key);
    if (memberId !== undefined) seenOwner = memberId;
    return memberId === undefined ? null : of(memberId);
  };
  const getValue = async () => (await (await mine())?.getValue()) ?? fallback;
  /** The stored names whose changes may change the value: the owner's, and every member's own. */
  const ownerName = owner.key.split(':')[1];
  const ownPrefix = `${key.split(':')[1]}.`;

  return readsThrough<MemberOwnedItem<T>>({
    key,
    fallback,
    of,
    getValue,
    setValue: async (value) => (await mine(true))?.setValue(value),
    removeValue: async () => (await mine(true))?.setValue(null),
    // The value is read again at each change of the owner or of any member's own value (one read
    // at a time, in order): a watcher hears a switch of member as a change of value, then only the
    // new member's own changes.
    watch(callback) {
      let stopped = false;
      let last = fallback;
      let reading = getValue().then((value) => {
        last = value;
      });
      const listener = (changes: Record<string, unknown>) => {
        if (!Object.keys(changes).some((name) => name === ownerName || name.startsWith(ownPrefix))) return;
        reading = reading.then(async () => {
          const next = await getValue();
          if (stopped || JSON.stringify(next) === JSON.stringify(last)) return;
          const previous = last;
          last = next;
          callback(next, previous);
        });
      };
      browser.storage.onChanged.addListener(listener);
      return () => {
        stopped = true;
        browser.storage.onChanged.removeListener(listener);
      };
    },
    // Without migrations, no member's item stores a version beside its value (storage-item.ts writes
    // one only for an item that has them): no metadata, nothing to bring up to date nor to wait for.
    getMeta: async () => ({}),
    migrate: async () => {},
    ready: async () => {},
  });
}

/**
 * The upgrade from one item for the whole browser: what was stored unowned becomes the member's
 * signed in now (unless they already have their own), or is dropped when nobody is. Either way the
 * unowned item is gone after, so nothing of it reaches the next member.
 */
export async function adoptUnowned(
  // biome-ignore lint/suspicious/noExplicitAny: items of any value type.
  items: readonly MemberOwnedItem<any>[],
  memberId: number | null,
): Promise<void> {
  for (const item of items) {
    const [area, name] = splitKey(item.key);
    const own = `${name}.${memberId}`;
    const stored = await browser.storage[area].get([name, own]);
    const value = stored[name];
    const chosen = value != null && JSON.stringify(value) !== JSON.stringify(item.fallback);
    if (chosen && memberId !== null && stored[own] === undefined) await item.of(memberId).setValue(value);
    await browser.storage[area].remove([name, `${name}$`]);
  }
}

function splitKey(key: StorageKey): ['local' | 'session' | 'sync', string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon) as 'local' | 'session' | 'sync', key.slice(colon + 1)];
}
