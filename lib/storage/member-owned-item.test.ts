/**
 * What a member chooses is theirs: an item each member has their own of shows only the signed-in
 * member's, nothing while nobody is, refuses a write as someone else, and the upgrade from one item
 * for the whole browser gives it to the member signed in then, or drops it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WAIT } from '@/tests/unit/wait';
import { adoptUnowned, defineMemberOwnedItem, NotTheOwner } from './member-owned-item';
import { defineItem, getValues } from './storage-item';

type Member = { id: number; username: string };
const ada: Member = { id: 1, username: 'ada' };
const bo: Member = { id: 2, username: 'constructor' };
let n = 0;

function items() {
  n++;
  const owner = defineItem<Member | null>(`local:owner${n}`, { fallback: null });
  const mutes = defineMemberOwnedItem<string[]>(`sync:mutes${n}`, { fallback: [], version: 1 }, owner);
  return { owner, mutes, name: `mutes${n}` };
}

describe('an item each member has their own of', () => {
  beforeEach(() => fakeBrowser.reset());

  it("shows only the signed-in member's value, nothing while nobody is signed in", async () => {
    const { owner, mutes, name } = items();
    await owner.setValue(ada);
    await mutes.getValue();
    await mutes.setValue(['bully123']);
    await owner.setValue(null);
    expect(await mutes.getValue()).toEqual([]);
    await owner.setValue(bo);
    expect(await mutes.getValue()).toEqual([]);
    await mutes.setValue(['spam']);
    await owner.setValue(ada);
    expect(await mutes.getValue()).toEqual(['bully123']);
    // One item per member in sync: an edit of one member's never overwrites the other's.
    const stored = await browser.storage.sync.get(null);
    expect(stored[`${name}.1`]).toEqual(['bully123']);
    expect(stored[`${name}.2`]).toEqual(['spam']);
    expect(stored[name]).toBeUndefined();
  });

  it('refuses a write while nobody is signed in, and one read as another member', async () => {
    const { owner, mutes } = items();
    await expect(mutes.setValue(['x'])).rejects.toBeInstanceOf(NotTheOwner);
    await owner.setValue(ada);
    expect(await mutes.getValue()).toEqual([]);
    // Read as ada; bo signs in before the write lands (this context heard nothing of it yet).
    await browser.storage.local.set({ [owner.key.slice('local:'.length)]: bo });
    await expect(mutes.setValue(['ada-list'])).rejects.toBeInstanceOf(NotTheOwner);
    expect(await mutes.of(2).getValue()).toEqual([]);
  });

  it("tells its watchers of a switch as a change of value, and then only the new member's changes", async () => {
    const { owner, mutes } = items();
    await owner.setValue(ada);
    await mutes.setValue(['a']);
    const heard: string[][] = [];
    const unwatch = mutes.watch((next) => heard.push(next));
    // The watch starts from a read of its own: written until it hears, then it hears the last write.
    let writes = 0;
    await vi.waitFor(async () => {
      if (heard.length === 0) await mutes.of(1).setValue(['a', String(++writes)]);
      expect(heard.length).toBeGreaterThan(0);
    }, WAIT);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual(['a', String(writes)]), WAIT);
    await owner.setValue(bo);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual([]), WAIT);
    const before = heard.length;
    await mutes.of(1).setValue(['a', 'b', 'c']);
    await mutes.of(2).setValue(['z']);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual(['z']), WAIT);
    expect(heard.slice(before)).toEqual([['z']]);
    await owner.setValue(null);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual([]), WAIT);
    unwatch();
  });

  it("is read with the others by getValues, as the signed-in member's", async () => {
    const { owner, mutes } = items();
    const plain = defineItem<string>('local:plain', { fallback: '' });
    await owner.setValue(ada);
    await mutes.setValue(['a']);
    await plain.setValue('p');
    expect(await getValues([plain, mutes, owner])).toEqual(['p', ['a'], ada]);
  });
});

describe('the upgrade from one item for the whole browser', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives what was stored to the member signed in then, and removes the shared item', async () => {
    const { mutes, name } = items();
    await browser.storage.sync.set({ [name]: ['bully123'], [`${name}$`]: { v: 1 } });
    await adoptUnowned([mutes], ada.id);
    expect(await mutes.of(1).getValue()).toEqual(['bully123']);
    const stored = await browser.storage.sync.get(null);
    expect(Object.keys(stored).filter((key) => key.startsWith(name))).toEqual([`${name}.1`]);
  });

  it('drops it when nobody is signed in, and never overwrites what the member has of their own', async () => {
    const { mutes, name } = items();
    await browser.storage.sync.set({ [name]: ['bully123'] });
    await adoptUnowned([mutes], null);
    expect(await browser.storage.sync.get(null)).toEqual({});
    await mutes.of(1).setValue(['own']);
    await browser.storage.sync.set({ [name]: ['from-old-computer'] });
    await adoptUnowned([mutes], ada.id);
    expect(await mutes.of(1).getValue()).toEqual(['own']);
    expect((await browser.storage.sync.get(name))[name]).toBeUndefined();
  });
});
