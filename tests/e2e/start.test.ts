/**
 * `npm start -- --headless --once` in both browsers: it builds the local profile, serves the
 * sandbox, signs the demo user in, saves the screenshots (the site page, the popup as it opens and
 * each of its views, the settings page, marks and a translation), prints their paths and exits 0.
 *
 * `npm start` serves the sandbox on its default ports, the first lane's (harness/lanes.ts): this
 * file holds that lane while it runs, beside another file on the second lane. Its screenshots go to
 * a folder of its own, so that those other files leave in .output/screens stay for review.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_NAMES } from './harness';
import { type HeldLane, holdLane, LANES } from './harness/lanes';
import { REPO_ROOT } from './harness/paths';

const SCREENS = join(REPO_ROOT, '.output', 'start-test-screens');

let lane: HeldLane | undefined;
beforeAll(async () => {
  // The other worker's file on the default lane may take minutes to end.
  lane = await holdLane(LANES[0] as (typeof LANES)[0], 170_000);
});
afterAll(async () => {
  await lane?.release();
});
const POPUP_SCREENS = ['popup.png', 'popup-feed.png', 'popup-messages.png', 'popup-explore.png'];
const SCREENS_FILES = [
  ...POPUP_SCREENS,
  'site.png',
  'settings.png',
  'site-marks.png',
  'site-translation.png',
  'site-profile.png',
  'site-editor.png',
];

function runStart(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // As from a shell: vitest's NODE_ENV=test would make `npm start` build a development build
    // (into .output/local-firefox-mv3, which the Firefox tests load).
    const { NODE_ENV: _vitest, ...env } = process.env;
    const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
      cwd: REPO_ROOT,
      env: { ...env, DISPLAY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Width and height from a PNG's header. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.each(BROWSER_NAMES)('npm start --browser %s --headless --once', (name) => {
  it('writes the popup, settings and site screenshots, prints their paths and exits 0', {
    timeout: 180_000,
  }, async () => {
    rmSync(SCREENS, { recursive: true, force: true });
    const { code, output } = await runStart([
      '--browser',
      name,
      '--headless',
      '--once',
      '--screens',
      SCREENS,
    ]);
    expect(code, output).toBe(0);
    expect(output).toContain('signed in as "demo"');
    for (const file of SCREENS_FILES) {
      expect(output).toContain(join('.output', 'start-test-screens', file));
      expect(statSync(join(SCREENS, file)).size).toBeGreaterThan(1_000);
    }
    // The popup at its real width; the site page at the window's size.
    for (const file of POPUP_SCREENS) expect(pngSize(join(SCREENS, file)).width, file).toBe(380);
    expect(pngSize(join(SCREENS, 'site.png'))).toEqual({ width: 1280, height: 800 });
  });
});
