/**
 * No remote text finds a prototype's property: shipped code looks a plain object up by a username,
 * a member, a search's words or another text from the site only through its own entries
 * (scripts/checks/plain-object-keys.ts says how it finds them, and why by names).
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findPlainObjectLookups, lookupsIn } from '@/scripts/checks/plain-object-keys';

const root = path.resolve(import.meta.dirname, '..');
const found = (code: string) =>
  lookupsIn(ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true)).map((lookup) => lookup.text);

describe('plain-object lookups by remote text', () => {
  it('none in shipped code', () => {
    expect(findPlainObjectLookups(root)).toEqual([]);
  });

  it('are found: reads, optional reads, writes and `in`, by a username or a member', () => {
    expect(
      found(`
        const a = state.announced?.[username] ?? [];
        const b = cache[member.username];
        counts[user] = 1;
        if (author in seen) {}
        const c = cache[oldest.member];
      `),
    ).toEqual([
      'state.announced?.[username]',
      'cache[member.username]',
      'counts[user]',
      'author in seen',
      'cache[oldest.member]',
    ]);
  });

  it('are allowed under Object.hasOwn of the same object and key, or through ownEntry, or in delete', () => {
    expect(
      found(`
        const a = Object.hasOwn(cache, username) ? cache[username] : undefined;
        const present = Object.hasOwn(cache, username);
        const b = present ? cache[username] : null;
        const c = ownEntry(cache, username);
        delete next[username];
        const d = list[index];
        const e = Object.hasOwn(other, username) ? cache[username] : undefined;
      `),
    ).toEqual(['cache[username]']);
  });
});
