/**
 * The storage quota as the browsers have it, which Companion's byte budget (lib/storage/cache-budget.ts) and
 * the unit tests' quota-enforcing storage (tests/unit/quota-storage.ts) count on: in Chromium, an
 * item costs what `storedBytes` says (key and JSON, hostile text escaped as Chromium escapes it),
 * the quota is `LOCAL_QUOTA_BYTES`, and a write past it is refused with an error `isQuotaError`
 * knows. In Firefox there is no fixed quota: the same write is taken.
 */
import { describe, expect, it } from 'vitest';
import { isQuotaError, LOCAL_QUOTA_BYTES, storedBytes } from '@/lib/storage/storage-quota';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from '@/sandbox/hostile';
import { useBrowser, withSandbox } from './harness';

const sandbox = withSandbox();

/** Values of every kind the caches hold, hostile text in keys and values. */
const SAMPLES: Record<string, unknown> = {
  hostileStrings: [...HOSTILE_STRINGS],
  longHostileText: LONG_HOSTILE_TEXT,
  separators: 'line\u2028paragraph\u2029 <<< \u0000\u0001\u000b\u001f \b\f\n\r\t "\\',
  loneSurrogates: 'broken \ud83d here and \udc31 there',
  numbers: {
    small: 42,
    negative: -7,
    time: 1_764_000_000_000,
    below: 999_999_999_999,
    fraction: 0.25,
    tiny: 1.5e-7,
    big: 2 ** 31,
    huge: 1e20,
    exp: 1e25,
  },
  nested: {
    '<script>': { אבג: [true, false, null, 'é', '🐱'], '"q"': { deeper: ['a', 1, { b: 'c' }] } },
  },
  [`key with <tags> and ${HOSTILE_STRINGS[9]}`]: 'x',
};

/** Runs in the extension: stores the samples, reads them back with Chrome's byte count of each. */
async function storeAndCount(samples: Record<string, unknown>) {
  const api = (globalThis as unknown as { chrome: typeof browser }).chrome;
  await api.storage.local.set(samples);
  const stored = await api.storage.local.get(Object.keys(samples));
  const counts: Record<string, number> = {};
  for (const key of Object.keys(samples)) counts[key] = await api.storage.local.getBytesInUse(key);
  await api.storage.local.remove(Object.keys(samples));
  return { stored, counts, quota: api.storage.local.QUOTA_BYTES };
}

/** Runs in the extension: a write larger than the quota; its refusal's name and message, or null. */
async function writeTooMuch(bytes: number) {
  const api =
    (globalThis as { browser?: typeof browser }).browser ??
    (globalThis as unknown as { chrome: typeof browser }).chrome;
  try {
    await api.storage.local.set({ tooMuch: 'x'.repeat(bytes) });
    const { tooMuch } = await api.storage.local.get('tooMuch');
    await api.storage.local.remove('tooMuch');
    return { refused: null, kept: (tooMuch as string).length };
  } catch (error) {
    return { refused: { name: (error as Error).name, message: (error as Error).message }, kept: 0 };
  }
}

describe('chromium', () => {
  const browser = useBrowser('chromium', { sandbox });

  it('counts each item as storedBytes does, and refuses a write past LOCAL_QUOTA_BYTES with a quota error', async () => {
    const { stored, counts, quota } = await browser().evaluateInExtension(storeAndCount, SAMPLES);
    expect(quota).toBe(LOCAL_QUOTA_BYTES);
    const ours = Object.fromEntries(Object.keys(SAMPLES).map((key) => [key, storedBytes(key, stored[key])]));
    expect(ours).toEqual(counts);

    const { refused } = await browser().evaluateInExtension(writeTooMuch, LOCAL_QUOTA_BYTES);
    expect(refused).not.toBeNull();
    console.info(`Chromium refused a write past the quota: ${refused?.name}: ${refused?.message}`);
    expect(isQuotaError(refused)).toBe(true);
  });
});

describe('firefox', () => {
  const browser = useBrowser('firefox', { sandbox });

  it('has no fixed quota: a write past Chrome’s quota is kept', async () => {
    const { refused, kept } = await browser().evaluateInExtension(writeTooMuch, LOCAL_QUOTA_BYTES + 1024);
    expect(refused).toBeNull();
    expect(kept).toBe(LOCAL_QUOTA_BYTES + 1024);
  });
});
