/**
 * The development tuning: the end-to-end tests make the extension quicker to test (a poll every
 * second, short timeouts, a faster pace) through ONE storage item (`devTuningItem`,
 * `local:devTuning`), and this file is the only reader of it. Each field is checked and clamped to
 * a sane range here; a malformed item or field is ignored, never thrown.
 *
 * Honoured only in a development install: `management.getSelf()` reports `installType`
 * `development` for an extension loaded unpacked (Chromium's `--load-extension`, Firefox's
 * temporary add-ons, which is how the tests load the production build), and `normal` for one from
 * a store or AMO. A store install never obeys the item, whatever is stored in it: a write to the
 * extension's storage must not be enough to make it poll every second. `getSelf` needs no
 * "management" permission (Chrome and Firefox alike). If it cannot answer, the install counts as
 * a store install.
 *
 * Background only. Content scripts cannot call `management`: they ask the background for their
 * part (`getPageTuning`, lib/protocol/extension-protocol.ts; lib/features/page-tuning.ts), when they first
 * need it.
 */
import { DEVELOPMENT_MARK_KEY } from '@/lib/development-mark';
import { defineItem } from '@/lib/storage/storage-item';

/**
 * The one tuning item the end-to-end tests write (a poll every second, short timeouts, a faster
 * pace), so a test never waits minutes. Stored as written: anything may be in it, so only this file
 * reads it, which checks and clamps each field and ignores the whole item unless the extension runs
 * as a development install (`management.getSelf().installType`): a store install never obeys it,
 * whatever is stored. Content scripts never read it (they ask the background: `getPageTuning`).
 */
export const devTuningItem = defineItem<unknown>('local:devTuning', { fallback: null });

/** What the tests may tune; every field optional, each absent one at the member's own value. */
export interface DevTuning {
  /** The message count's polling period, in seconds (a minute for members). */
  pollPeriodSeconds?: number;
  /** Never count the member as idle: headless browsers get no input, so they would turn "away". */
  ignoreIdle?: boolean;
  /** The HTTP client's per-attempt timeout, in ms (10 s for members). */
  requestTimeoutMs?: number;
  /** The loved/favorited marks' share of the rate limit, reads a second (3 for members). */
  marksReadsPerSecond?: number;
  /** A factor on the waits before retrying a failed read (not Retry-After): as many retries, sooner. */
  retryBackoffScale?: number;
  /** The marks' first pause before asking again for statuses still unanswered, in ms (4 s). */
  marksReaskAfterMs?: number;
  /** The pause between two requests of "Translate all", in ms (400 for members). */
  translateAllPaceMs?: number;
  /** How often another account's count may be read, in seconds (10 minutes for members). */
  otherAccountsIntervalSeconds?: number;
  /**
   * The new-project notifier's period, which the belled studios' news keep too, in seconds
   * (15 minutes for members).
   */
  notifierPeriodSeconds?: number;
  /**
   * How far ahead of the browser's clock the daily record of the member's projects dates its days,
   * in ms (0 for members): a test moves a day forward as it moves the sandbox's clock.
   */
  historyClockAheadMs?: number;
  /** How often the daily record looks whether today is recorded, in seconds (an hour for members). */
  historyCheckPeriodSeconds?: number;
}

/** The part of the tuning the content script's features use, as the background answers it. */
export type PageTuning = Pick<DevTuning, 'marksReaskAfterMs' | 'translateAllPaceMs'>;

type NumberField = Exclude<keyof DevTuning, 'ignoreIdle'>;

/**
 * Each number's range [least, most]. The most is the member's own value (lib/dev-tuning.test.ts
 * checks that against each one's owner), and the extension's whole rate (5 requests a second)
 * bounds the rest: a tuning only ever makes a test quicker, never the extension heavier on the
 * service than a member's copy may be (more reads a second than 5, a pace under 200 ms).
 */
export const DEV_TUNING_RANGES: Readonly<Record<NumberField, readonly [number, number]>> = {
  pollPeriodSeconds: [1, 60],
  requestTimeoutMs: [500, 10_000],
  marksReadsPerSecond: [1, 5],
  retryBackoffScale: [0.01, 1],
  marksReaskAfterMs: [100, 4_000],
  translateAllPaceMs: [200, 400],
  otherAccountsIntervalSeconds: [1, 600],
  // At least 10 s: a check reads every belled studio (up to 20), which stays at 2 reads a second.
  notifierPeriodSeconds: [10, 900],
  // Ahead only, at most past the record's year: a test never dates a day before the member's own.
  historyClockAheadMs: [0, 400 * 86_400_000],
  // A check walks the member's projects at most once a day, however often it looks (a look that
  // finds the day checked reads storage only): a test's simulated day passes in seconds.
  historyCheckPeriodSeconds: [2, 3_600],
};

/** Whole numbers only: a share of the rate limit is a count of reads. */
const WHOLE: ReadonlySet<NumberField> = new Set(['marksReadsPerSecond']);

/**
 * The item's value as a tuning: each known field that is a finite number (or, for `ignoreIdle`, a
 * boolean) clamped into its range; anything else, and anything that is not a plain object, left out.
 */
export function parseDevTuning(value: unknown): DevTuning {
  const tuning: DevTuning = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return tuning;
  const fields = value as Record<string, unknown>;
  const own = (name: string) => (Object.hasOwn(fields, name) ? fields[name] : undefined);
  for (const [name, [least, most]] of Object.entries(DEV_TUNING_RANGES) as [
    NumberField,
    [number, number],
  ][]) {
    const field = own(name);
    if (typeof field !== 'number' || !Number.isFinite(field)) continue;
    const number = WHOLE.has(name) ? Math.floor(field) : field;
    tuning[name] = Math.min(most, Math.max(least, number));
  }
  const ignoreIdle = own('ignoreIdle');
  if (typeof ignoreIdle === 'boolean') tuning.ignoreIdle = ignoreIdle;
  return tuning;
}

/** The install type, asked once: it cannot change while this background lives. */
let development: Promise<boolean> | undefined;

/** True when the extension runs as a development install (loaded unpacked, or temporary in Firefox). */
export function isDevelopmentInstall(): Promise<boolean> {
  development ??= Promise.resolve()
    .then(() => browser.management.getSelf())
    .then(
      (self) => self.installType === 'development',
      () => false,
    );
  return development;
}

/** The mark site pages read to tell a development install (lib/development-mark.ts). */
const developmentMarkItem = defineItem<boolean>(DEVELOPMENT_MARK_KEY, { fallback: false });

/**
 * Leaves the mark for site pages in a development install, written only when missing (a worker
 * that starts again writes nothing, and wakes no page's storage listener).
 */
export async function markDevelopmentInstall(): Promise<void> {
  if (!(await isDevelopmentInstall())) return;
  if (!(await developmentMarkItem.getValue())) await developmentMarkItem.setValue(true);
}

/** The tuning in force: the item's, checked and clamped, in a development install; otherwise none. */
export async function devTuning(): Promise<DevTuning> {
  if (!(await isDevelopmentInstall())) return {};
  return parseDevTuning(await devTuningItem.getValue().catch(() => null));
}

/**
 * Calls `listener` with the tuning in force whenever the item changes (the tests change it in the
 * middle of a run); never in a store install. Registered at once (the item may change while the
 * install type is being asked).
 */
export function onDevTuningChange(listener: (tuning: DevTuning) => void): void {
  devTuningItem.watch((value) => {
    void isDevelopmentInstall().then((isDevelopment) => {
      if (isDevelopment) listener(parseDevTuning(value));
    });
  });
}

/** Calls `apply` with the tuning in force now (none in a store install), and again on every change. */
export function followDevTuning(apply: (tuning: DevTuning) => void): void {
  onDevTuningChange(apply);
  devTuning().then(apply, () => undefined);
}

/** The answer to a content script's `getPageTuning`: its features' part, only the fields set. */
export async function pageTuning(): Promise<PageTuning> {
  const { marksReaskAfterMs, translateAllPaceMs } = await devTuning();
  const part: PageTuning = {};
  if (marksReaskAfterMs !== undefined) part.marksReaskAfterMs = marksReaskAfterMs;
  if (translateAllPaceMs !== undefined) part.translateAllPaceMs = translateAllPaceMs;
  return part;
}
