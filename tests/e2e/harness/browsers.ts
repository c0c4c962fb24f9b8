/**
 * Where the browsers live. Debian's packages put them at these paths (scripts/ensure-deps.mjs
 * installs them there); COMPANION_CHROMIUM / COMPANION_FIREFOX point elsewhere, e.g. on another
 * distribution. scripts/ensure-deps.mjs reads the same variables.
 */
export type BrowserName = 'chromium' | 'firefox';

export const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox'];

export function chromiumExecutable(): string {
  return process.env.COMPANION_CHROMIUM || '/usr/bin/chromium';
}

export function firefoxExecutable(): string {
  return process.env.COMPANION_FIREFOX || '/usr/bin/firefox-esr';
}

export function isBrowserName(value: unknown): value is BrowserName {
  return value === 'chromium' || value === 'firefox';
}
