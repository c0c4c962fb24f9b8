/**
 * What the browser allows in `storage.local`, and how it counts.
 *
 * Chrome: without the `unlimitedStorage` permission (which Companion does not ask for) an extension
 * may keep QUOTA_BYTES = 10,485,760 bytes there. Chromium counts each item as the bytes of its key
 * plus the bytes of its value written as JSON by `base::JSONWriter`
 * (extensions/browser/api/storage/settings_storage_quota_enforcer.cc, `Allocate`: `key.size() +
 * value_as_json.size()`), and refuses a write that would pass the quota with "QUOTA_BYTES quota
 * exceeded" (newer builds: "Resource::kQuotaBytes quota exceeded"). JSONWriter writes UTF-8 and
 * escapes as base/json/string_escape.cc does: `<` as `\u003C` and U+2028/U+2029 as `\u2028`
 * (6 bytes each), other control characters as `\u00XX`, `"` and `\` with a backslash; a lone
 * surrogate becomes U+FFFD; a number that is not a 32-bit integer is a double, written with an exponent
 * from 1e12 up and with `.0` when whole. So a hostile comment of 500 characters can cost 3,000 bytes.
 *
 * Firefox keeps `storage.local` in IndexedDB: no fixed quota, only the browser's storage limits
 * (the disk, the group limit), refused with "QuotaExceededError: storage.local API call exceeded
 * its quota limitations." Companion keeps to the Chrome budget in both.
 */

/**
 * `storage.sync` in Chrome: QUOTA_BYTES_PER_ITEM and QUOTA_BYTES, counted the same way (key plus
 * JSON value), refused with "QUOTA_BYTES_PER_ITEM quota exceeded" / "QUOTA_BYTES quota exceeded".
 */
export const SYNC_QUOTA_BYTES_PER_ITEM = 8_192;
export const SYNC_QUOTA_BYTES = 102_400;

/** Whether a sync item of this key (its name, without the area) and value fits in one item as Chrome counts it. */
export function fitsSyncItem(name: string, value: unknown): boolean {
  return storedBytes(name, value) <= SYNC_QUOTA_BYTES_PER_ITEM;
}

/** `storage.local.QUOTA_BYTES` in Chrome. */
export const LOCAL_QUOTA_BYTES = 10_485_760;

/**
 * Whether a refused write was refused for room (Chrome's wordings and Firefox's), not for another
 * reason: QUOTA_BYTES_PER_ITEM and the write rates are limits of `storage.sync` only.
 */
export function isQuotaError(error: unknown): boolean {
  const { name, message } = Object(error) as { name?: unknown; message?: unknown };
  return (
    name === 'QuotaExceededError' ||
    /(QUOTA_BYTES|kQuotaBytes) quota|exceeded its quota/.test(String(message))
  );
}

/** The bytes Chrome counts for one item: its key and its value as JSON (see above). */
export function storedBytes(key: string, value: unknown): number {
  return utf8Bytes(key) + jsonBytes(value);
}

/**
 * The bytes of a string in UTF-8 (a lone surrogate counts as U+FFFD, as Chromium converts it), and
 * `asJson`: as JSONWriter writes it, quotes and escapes included.
 */
function encodedBytes(text: string, asJson: boolean): number {
  let bytes = asJson ? 2 : 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (asJson && (unit === 0x22 || unit === 0x5c || (unit >= 0x08 && unit <= 0x0d && unit !== 0x0b)))
      bytes += 2;
    else if (asJson && (unit < 0x20 || unit === 0x3c || unit === 0x2028 || unit === 0x2029)) bytes += 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
const utf8Bytes = (text: string) => encodedBytes(text, false);
/** A string as JSONWriter writes it, quotes included. */
const stringBytes = (text: string) => encodedBytes(text, true);

function numberBytes(value: number): number {
  if (!Number.isFinite(value)) return 4;
  if (Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 && !Object.is(value, -0))
    return String(value).length;
  // A double: base::NumberToString writes the shortest digits, in decimal from 1e-6 up to below
  // 1e12 and with an exponent otherwise (1.764e+12, where JavaScript writes 1764000000000);
  // JSONWriter adds `.0` to a decimal without a point.
  const exponential = value.toExponential();
  const exponent = Number(exponential.slice(exponential.indexOf('e') + 1));
  if (exponent < -6 || exponent >= 12) return exponential.length;
  const decimal = String(Math.abs(value) === 0 ? 0 : value);
  return decimal.length + (decimal.includes('.') ? 0 : 2);
}

/** What is left out of an object, and written as null in an array. */
const isSkipped = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

function jsonBytes(value: unknown): number {
  if (value === null || isSkipped(value)) return 4;
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return numberBytes(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      return 4;
    default:
      break;
  }
  if (Array.isArray(value)) {
    let bytes = 2 + Math.max(0, value.length - 1);
    for (const item of value) bytes += jsonBytes(item);
    return bytes;
  }
  let bytes = 2;
  let first = true;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isSkipped(item)) continue;
    bytes += (first ? 0 : 1) + stringBytes(key) + 1 + jsonBytes(item);
    first = false;
  }
  return bytes;
}
