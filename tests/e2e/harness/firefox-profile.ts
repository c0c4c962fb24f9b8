/**
 * Fresh Firefox profiles made cheaply in an end-to-end run: a copy of one profile that Firefox has
 * already started once.
 *
 * Firefox spends about 2 of the 8 CPU-seconds of a launch on a new profile's first run (its
 * databases, certificate store, startup cache), and another half second closing it. A copy of a
 * profile it has started once, without the extension, holds nothing of a member or a test: the
 * extension is installed into each copy for that launch, as into a new profile. One such template
 * is made per test process (the first launch pays for it: a start and a close), and each launch
 * gets its own copy. Only in an end-to-end run, which launches Firefox dozens of times: `npm start`
 * and a benchmark launch it once or twice, where the template would cost more than it saves.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { firefoxExecutable } from './browsers';

/** Files of a closed profile that belong to the run that wrote them: its lock, never copied. */
const RUN_ONLY_FILES = new Set(['lock', '.parentlock', 'parent.lock']);

/**
 * The folder an end-to-end run makes for its processes and removes after them (global-setup.ts):
 * the template and the copies live there.
 */
export const RUN_TEMP_ENV = 'COMPANION_E2E_RUN_TEMP';

let template: Promise<string> | undefined;

/** Starts Firefox once on an empty profile and closes it: that profile is the template. */
async function makeTemplate(runTemp: string): Promise<string> {
  const dir = mkdtempSync(join(runTemp, 'companion-firefox-template-'));
  const driver = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxExecutable(),
    headless: true,
    userDataDir: dir,
  });
  await driver.close();
  return dir;
}

/**
 * A new profile directory for one launch in an end-to-end run, a copy of the template (empty if the
 * template could not be made: Firefox makes a new profile in it, as for any launch); the caller
 * removes it once the browser has closed (removeProfileDir). Outside such a run, undefined: the
 * launch makes its own new profile.
 */
export async function freshProfileDir(): Promise<string | undefined> {
  const runTemp = process.env[RUN_TEMP_ENV];
  if (!runTemp) return undefined;
  template ??= makeTemplate(runTemp).catch((error: unknown) => {
    process.stderr.write(`e2e: no Firefox profile template (${String(error)}); launches start empty\n`);
    return '';
  });
  const from = await template;
  const dir = mkdtempSync(join(runTemp, 'companion-firefox-'));
  if (from) {
    cpSync(from, dir, {
      recursive: true,
      filter: (source) => !RUN_ONLY_FILES.has(source.slice(from.length + 1)),
    });
  }
  return dir;
}

/**
 * Removes a launch's profile. Never fails: a process of the closed browser may still be writing
 * there (a removal then meets a folder that is not empty). It retries, then leaves what is left to
 * the run's own removal of its folder (global-setup.ts).
 */
export function removeProfileDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => {});
}
