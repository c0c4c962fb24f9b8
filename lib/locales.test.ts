/**
 * Every language says everything `en` says, and nothing else: a locale file fails when it lacks a
 * key of `locales/en.yml`, has a key `en` lacks, or changes a message's placeholders (`$1`..`$9`,
 * which the code fills in by position). Plural groups may use the categories their language needs
 * (`zero`, `one`, `two`, `few`, `many`, `other`: `other` required), per `Intl.PluralRules`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../locales');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

type Messages = Map<string, string>;

async function load(file: string): Promise<Messages> {
  const parsed = await parseMessagesFile(path.join(dir, file));
  const messages: Messages = new Map();
  for (const message of parsed) {
    // The browser's own predefined messages (`@@ui_locale`, ...) come with every file.
    if (message.key[0]?.startsWith('@@')) continue;
    if (message.type === 'simple') messages.set(message.key.join('.'), message.message);
    else
      throw new Error(
        `${file}: ${message.key.join('.')} uses a ${message.type} message; write plain strings`,
      );
  }
  return messages;
}

/** `a.b.few` → `a.b` when the last part is a plural category. */
function pluralBase(key: string): string | null {
  const dot = key.lastIndexOf('.');
  return dot > 0 && PLURAL_CATEGORIES.has(key.slice(dot + 1)) ? key.slice(0, dot) : null;
}

function placeholders(text: string): string[] {
  return [...new Set(text.match(/(?<!\$)\$[1-9]/g) ?? [])].sort();
}

/** The locale code of a file name (`pt_BR.yml` → `pt-BR`), as `Intl` takes it. */
const localeOf = (file: string) => file.replace(/\.ya?ml$/, '').replace('_', '-');

describe('locales', async () => {
  const en = await load('en.yml');
  const enPlurals = new Set([...en.keys()].map(pluralBase).filter((b): b is string => b !== null));

  it('en is there, with plural groups that all have `other`', () => {
    expect(files).toContain('en.yml');
    for (const base of enPlurals) expect(en.has(`${base}.other`), base).toBe(true);
  });

  it.each(files.filter((f) => f !== 'en.yml'))(
    '%s has every key of en, no other, same placeholders',
    async (file) => {
      const messages = await load(file);
      const locale = localeOf(file);
      expect(Intl.PluralRules.supportedLocalesOf(locale), `${locale} is a locale Intl knows`).not.toEqual([]);
      const needed = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      const problems: string[] = [];
      for (const [key, text] of en) {
        const base = pluralBase(key);
        if (base !== null && enPlurals.has(base)) continue; // Plural groups: checked below.
        if (!messages.has(key)) problems.push(`missing ${key}`);
        else if (placeholders(messages.get(key) ?? '').join() !== placeholders(text).join())
          problems.push(
            `${key}: placeholders ${placeholders(messages.get(key) ?? '')} instead of ${placeholders(text)}`,
          );
      }
      for (const base of enPlurals) {
        const expected = placeholders(en.get(`${base}.other`) ?? '');
        for (const category of needed) {
          const text = messages.get(`${base}.${category}`);
          if (text === undefined) {
            if (category === 'other') problems.push(`missing ${base}.other`);
            continue;
          }
          // A language's `one` may spell the number out; every other form keeps the placeholders.
          const found = placeholders(text);
          const allowed = category === 'one' || category === 'zero' || category === 'two';
          if (
            found.join() !== expected.join() &&
            !(allowed && expected.slice(1).every((p) => found.includes(p)))
          )
            problems.push(`${base}.${category}: placeholders ${found} instead of ${expected}`);
        }
      }
      for (const key of messages.keys()) {
        const base = pluralBase(key);
        if (base !== null && enPlurals.has(base)) {
          if (!needed.has(key.slice(base.length + 1) as Intl.LDMLPluralRule))
            problems.push(`${key}: ${locale} has no such plural form`);
          continue;
        }
        if (!en.has(key)) problems.push(`${key} is not in en`);
      }
      expect(problems).toEqual([]);
    },
  );
});
