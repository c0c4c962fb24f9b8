/**
 * How long each test file took in its last full run, kept in the repository
 * (tests/file-durations.json) so that a clean clone schedules its slowest files first: Vitest's own
 * record of durations lives in node_modules/.vite, which a clean clone does not have, and without it
 * Vitest orders files by size. Two end-to-end workers finish soonest when the longest files start
 * first (the slowest file started last would run alone at the end).
 *
 * The record is written by scripts/vitest/slowest-files-reporter.ts and read by
 * scripts/vitest/slowest-first-sequencer.ts. Keys are `<project>:<path from the repository root>`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type FileDurations = Record<string, number>;

export const FILE_DURATIONS_PATH = join(import.meta.dirname, '..', '..', 'tests', 'file-durations.json');

export function readFileDurations(path = FILE_DURATIONS_PATH): FileDurations {
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    // A damaged record only costs the order: the run goes on with the files unsorted.
    return {};
  }
}

/**
 * Whether a new measurement is worth a change of the committed record: only when the order could
 * change (a file new, or off by more than a fifth and two seconds), so that a run on a quiet or busy
 * machine does not rewrite every line.
 */
export function worthRecording(before: number | undefined, after: number): boolean {
  if (before === undefined) return true;
  const difference = Math.abs(after - before);
  return difference > 2 && difference > before / 5;
}

/** Merges `measured` (seconds) into the record and writes it, sorted, if anything changed. */
export function recordFileDurations(measured: FileDurations, path = FILE_DURATIONS_PATH): boolean {
  const record = readFileDurations(path);
  let changed = false;
  for (const [key, seconds] of Object.entries(measured)) {
    const rounded = Math.round(seconds * 10) / 10;
    if (!worthRecording(record[key], rounded)) continue;
    record[key] = rounded;
    changed = true;
  }
  if (!changed) return false;
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
  return true;
}
