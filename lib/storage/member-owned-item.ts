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
  /** The item as stored before each member had their own (one for the whole browser). */
  readonly unowned: StorageItem<T>;
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
  options: StorageItemOptions<T>,
  owner: StorageItem<ItemOwner | null>,
): MemberOwnedItem<T> {
  const perMember = new Map<number, StorageItem<T>>();
  const of = (memberId: number) => {
    let item = perMember.get(memberId);
    if (item === undefined) {
      item = defineItem<T>(`${key}.${memberId}` as StorageKey, options);
      perMember.set(memberId, item);
    }
    return item;
  };
  /** The member whose value this context last read or heard (undefined: none yet; nobody's is no one's). */
  let seenOwner: number | null | undefined;
  const ownerNow = async () => (await owner.getValue())?.id ?? null;
  const valueFor = (memberId: number | null) =>
    memberId === null ? Promise.resolve(options.fallback) : of(memberId).getValue();
  const writable = async () => {
    const memberId = await ownerNow();
    if (memberId === null || (seenOwner !== undefined && seenOwner !== memberId)) throw new NotTheOwner(key);
    return of(memberId);
  };

  return readsThrough<MemberOwnedItem<T>>({
    key,
    fallback: options.fallback,
    of,
    unowned: defineItem<T>(key, options),
    async getValue() {
      const memberId = await ownerNow();
      if (memberId !== null) seenOwner = memberId;
      return valueFor(memberId);
    },
    async setValue(value) {
      await (await writable()).setValue(value);
    },
    async removeValue() {
      await (await writable()).removeValue();
    },
    watch(callback) {
      let current: number | null | undefined;
      let last = options.fallback;
      let unwatchMine = () => {};
      const follow = (memberId: number | null) => {
        unwatchMine();
        current = memberId;
        unwatchMine =
          memberId === null
            ? () => {}
            : of(memberId).watch((next, previous) => {
                seenOwner = memberId;
                last = next;
                callback(next, previous);
              });
      };
      let stopped = false;
      // Who owns the value now, once: changes of the owner before this resolves are heard below.
      void ownerNow().then((memberId) => {
        if (!stopped && current === undefined) follow(memberId);
      });
      const unwatchOwner = owner.watch((next) => {
        const memberId = next?.id ?? null;
        if (memberId === current) return;
        follow(memberId);
        void valueFor(memberId).then((value) => {
          if (stopped || current !== memberId) return;
          if (memberId !== null) seenOwner = memberId;
          const previous = last;
          last = value;
          callback(value, previous);
        });
      });
      return () => {
        stopped = true;
        unwatchOwner();
        unwatchMine();
      };
    },
    async getMeta() {
      const memberId = await ownerNow();
      return memberId === null ? {} : of(memberId).getMeta();
    },
    async migrate() {
      const memberId = await ownerNow();
      if (memberId !== null) await of(memberId).migrate();
    },
    async ready() {
      const memberId = await ownerNow();
      if (memberId !== null) await of(memberId).ready();
    },
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
    const value = await item.unowned.getValue();
    const stored = JSON.stringify(value) !== JSON.stringify(item.unowned.fallback);
    if (stored && memberId !== null) {
      const own = item.of(memberId);
      const [area, name] = splitKey(own.key);
      const present = (await browser.storage[area].get(name))[name] !== undefined;
      if (!present) await own.setValue(value);
    }
    const [area, name] = splitKey(item.unowned.key);
    await browser.storage[area].remove([name, `${name}$`]);
  }
}

function splitKey(key: StorageKey): ['local' | 'session' | 'sync', string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon) as 'local' | 'session' | 'sync', key.slice(colon + 1)];
}
