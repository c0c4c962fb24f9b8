#!/usr/bin/env node
/**
 * `npm start`: installs what is missing (scripts/ensure-deps.mjs), then runs scripts/start.ts with
 * tsx (which exists only after the install). Plain Node so it works right after a clone.
 * Options are start.ts's: [--browser chromium|firefox] [--headless|--headed] [--once] [--screens <dir>]
 * [--ui-language <lang>]
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** The value of `--name value` or `--name=value`, if given. */
function argValue(name) {
  const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index === -1) return undefined;
  const arg = args[index];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

const browser = argValue('--browser') ?? 'chromium';
const uiLanguage = argValue('--ui-language');
if (browser !== 'chromium' && browser !== 'firefox') {
  console.error(`npm start: --browser must be chromium or firefox, not "${browser}"`);
  process.exit(2);
}

try {
  ensureDeps({ browsers: [browser], languages: uiLanguage ? [uiLanguage] : [] });
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts', ...args],
  {
    cwd: repoRoot,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the child through the terminal's process group; a plain kill is passed on.
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
