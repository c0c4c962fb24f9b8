/**
 * The browsers a test worker keeps from one file to the next (kept-firefox.ts) outlive the files
 * that close them, and Vitest ends its workers without their exit handlers: so each one's process
 * id is written into a folder the end-to-end run's global setup makes, and its teardown ends
 * whatever is still listed there.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder, named to the workers (who inherit the environment); unset outside an end-to-end run. */
const DIR_ENV = 'COMPANION_E2E_KEPT_BROWSERS';

/** The folder of this run, or undefined outside an end-to-end run (nothing is kept then). */
export function keptProcessesDir(): string | undefined {
  return process.env[DIR_ENV] || undefined;
}

/**
 * Whether a launch may take a kept browser and leave its own for the next file: asked to (`reuse`),
 * in an end-to-end run, headless, and on a profile of its own making (a restart's is never kept).
 */
export function mayKeep(options: { userDataDir?: string; headless?: boolean }, reuse: boolean): boolean {
  return (
    reuse &&
    keptProcessesDir() !== undefined &&
    options.userDataDir === undefined &&
    (options.headless ?? true)
  );
}

export function recordKeptProcess(pid: number | undefined): void {
  const dir = keptProcessesDir();
  if (dir && pid) writeFileSync(join(dir, String(pid)), '');
}

export function forgetKeptProcess(pid: number | undefined): void {
  const dir = keptProcessesDir();
  if (dir && pid) rmSync(join(dir, String(pid)), { force: true });
}

/** The global setup's: makes the folder and names it; returns the teardown that ends what is left. */
export function startKeepingProcesses(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'companion-e2e-kept-'));
  process.env[DIR_ENV] = dir;
  return () => {
    for (const name of readdirSync(dir)) {
      try {
        // Puppeteer starts the browser as the leader of its own process group.
        process.kill(-Number(name), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
