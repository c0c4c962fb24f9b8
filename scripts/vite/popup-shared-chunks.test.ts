import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOneOf, POPUP_SHARED_CHUNKS } from './popup-shared-chunks';

const root = path.resolve(import.meta.dirname, '../..');

describe("the popup's shared chunks", () => {
  it('name modules that exist (a module renamed would silently leave its group)', () => {
    const missing = POPUP_SHARED_CHUNKS.flatMap(({ modules }) => modules).filter(
      (module) => !existsSync(path.join(root, module)),
    );
    expect(missing).toEqual([]);
  });

  it('put no module in two groups', () => {
    const all = POPUP_SHARED_CHUNKS.flatMap(({ modules }) => modules);
    expect(new Set(all).size).toBe(all.length);
  });

  it('match a module by its whole path from the root, with or without a query', () => {
    const modules = ['components/Chip.tsx'];
    expect(isOneOf('/repo/components/Chip.tsx', modules)).toBe(true);
    expect(isOneOf('/repo/components/Chip.tsx?used', modules)).toBe(true);
    expect(isOneOf('C:\\repo\\components\\Chip.tsx', modules)).toBe(true);
    expect(isOneOf('/repo/components/MyChip.tsx', modules)).toBe(false);
    expect(isOneOf('/repo/components/Chip.css', modules)).toBe(false);
    expect(isOneOf('/repo/lib/components/Chip.tsx.map', modules)).toBe(false);
  });
});
