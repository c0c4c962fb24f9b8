/**
 * Fresh Firefox profiles made cheaply: a copy of one profile that Firefox has already started once.
 *
 * Firefox spends about 2 of the 8 CPU-seconds of a launch on a new profile's first run (its
 * databases, certificate store, startup cache), and another half second closing it. A copy of a
 * profile it has started once, without the extension, holds nothing of a member or a test: the
 * extension is installed into each copy for that launch, as into a new profile. One such template
 * is made per test process (the first launch pays for it), and each launch gets its own copy.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { firefoxExecutable } from './browsers';

/** Files of a closed profile that belong to the run that wrote them: its lock, never copied. */
const RUN_ONLY_FILES = new Set(['lock', '.parentlock', 'parent.lock']);

/**
 * A folder the end-to-end run makes for its processes and removes after them (global-setup.ts);
 * a process outside it (a benchmark) removes its template as it exits.
 */
export const RUN_TEMP_ENV = 'COMPANION_E2E_RUN_TEMP';

let template: Promise<string> | undefined;

/** Starts Firefox once on an empty profile and closes it: that profile is the template. */
async function makeTemplate(): Promise<string> {
  const runTemp = process.env[RUN_TEMP_ENV];
  const dir = mkdtempSync(join(runTemp ?? tmpdir(), 'companion-firefox-template-'));
  if (!runTemp) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
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
 * A new profile directory for one launch, a copy of the template; the caller removes it once the
 * browser has closed (removeProfileDir). If the template cannot be made, an empty directory: Firefox makes a new
 * profile in it, as for any launch.
 */
export async function freshProfileDir(): Promise<string> {
  template ??= makeTemplate().catch((error: unknown) => {
    process.stderr.write(`e2e: no Firefox profile template (${String(error)}); launches start empty\n`);
    return '';
  });
  const from = await template;
  const dir = mkdtempSync(join(process.env[RUN_TEMP_ENV] ?? tmpdir(), 'companion-firefox-'));
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
