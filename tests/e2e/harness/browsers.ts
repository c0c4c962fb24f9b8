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

/**
 * Flags every headless Chromium here needs: no sandbox (root), no GPU, and none of the background
 * services that would flood this closed network with connections that are refused.
 */
export const CHROMIUM_QUIET_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function firefoxExecutable(): string {
  return process.env.COMPANION_FIREFOX || '/usr/bin/firefox-esr';
}

export function isBrowserName(value: unknown): value is BrowserName {
  return value === 'chromium' || value === 'firefox';
}
