/**
 * Where the browsers live. Debian's packages put them at these paths (scripts/ensure-deps.mjs
 * installs them there); COMPANION_CHROMIUM / COMPANION_FIREFOX point elsewhere, e.g. on another
 * distribution. scripts/ensure-deps.mjs reads the same variables.
 */
import { fileURLToPath } from 'node:url';

export type BrowserName = 'chromium' | 'firefox';

export const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox'];

export function chromiumExecutable(): string {
  return process.env.COMPANION_CHROMIUM || '/usr/bin/chromium';
}

/**
 * What the tests launch with CHROMIUM_QUIET_ARGS: chromiumExecutable() behind ./chromium-launcher.sh,
 * which merges the `--disable-features` lists (Chromium keeps only the last one, and Playwright
 * passes its own).
 */
export function chromiumLauncher(): string {
  return fileURLToPath(new URL('./chromium-launcher.sh', import.meta.url));
}

/**
 * Flags every headless Chromium here needs: no sandbox (root), no GPU, none of the background
 * services that would flood this closed network with connections that are refused, and not the
 * address bar's WebUI popups. Chromium 156 keeps those two pages loaded in a hidden renderer from
 * launch, where they take about 4% of a core while the browser sits idle (measured: 1.1 to 1.3
 * CPU-seconds in 30 s, and a third of the browser process's own), all through a test run; a page's
 * address bar is never typed into here. Launch with chromiumLauncher() (see there).
 */
export const CHROMIUM_QUIET_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export function firefoxExecutable(): string {
  return process.env.COMPANION_FIREFOX || '/usr/bin/firefox-esr';
}

export function isBrowserName(value: unknown): value is BrowserName {
  return value === 'chromium' || value === 'firefox';
}
