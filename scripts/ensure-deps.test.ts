import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Runs the real script, in --dry-run mode, inside a throwaway copy of the repository layout, so
// the decisions it takes (install packages? install a browser?) are observed without installing.
const script = join(import.meta.dirname, 'ensure-deps.mjs');
const lockPackages = {
  '': { name: 'companion' },
  'node_modules/zod': { version: '4.6.7' },
  // Made for another platform: npm does not install it here.
  'node_modules/@biomejs/cli-win32-x64': { version: '2.6.8', optional: true, os: ['win32'] },
};
const lockText = `${JSON.stringify({ name: 'companion', lockfileVersion: 3, packages: lockPackages }, null, 2)}\n`;
const lockHash = createHash('sha256').update(lockText).digest('hex');

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ensure-deps-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(script, join(root, 'scripts/ensure-deps.mjs'));
  writeFileSync(join(root, 'package-lock.json'), lockText);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function dryRun(env: Record<string, string> = {}, args: string[] = []) {
  const result = spawnSync(process.execPath, [join(root, 'scripts/ensure-deps.mjs'), '--dry-run', ...args], {
    env: {
      ...process.env,
      COMPANION_CHROMIUM: process.execPath,
      COMPANION_FIREFOX: process.execPath,
      ...env,
    },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** node_modules as npm leaves it (its record of installed versions), with this script's stamp. */
function installedFrom(hash: string | null, zodVersion = '4.6.7') {
  mkdirSync(join(root, 'node_modules'));
  const installed = { '': lockPackages[''], 'node_modules/zod': { version: zodVersion } };
  writeFileSync(join(root, 'node_modules/.package-lock.json'), JSON.stringify({ packages: installed }));
  if (hash !== null) writeFileSync(join(root, 'node_modules/.companion-lock-hash'), `${hash}\n`);
}

describe('ensure-deps --dry-run', () => {
  it('installs packages when node_modules is missing', () => {
    const { status, output } = dryRun();
    expect(status).toBe(0);
    expect(output).toContain('node_modules is missing');
    expect(output).toContain('would run: npm ci');
  });

  it('reinstalls when package-lock.json asks for other versions than the installed ones', () => {
    installedFrom('0'.repeat(64), '4.0.0');
    const { output } = dryRun();
    expect(output).toContain('node_modules does not match package-lock.json (node_modules/zod)');
    expect(output).toContain('would run: npm ci');
  });

  it('keeps node_modules when the lock file changed but what is installed still matches it', () => {
    installedFrom('0'.repeat(64));
    expect(dryRun().output).toBe('');
  });

  it('keeps node_modules installed without this script when it matches the lock file', () => {
    installedFrom(null);
    expect(dryRun().output).toBe('');
  });

  it('does nothing when node_modules matches the lock file and the browsers are there', () => {
    installedFrom(lockHash);
    const { status, output } = dryRun();
    expect(status).toBe(0);
    expect(output).toBe('');
  });

  it('installs only the missing browser, with apt-get as root, and only the ones asked for', () => {
    installedFrom(lockHash);
    const missingFirefox = { COMPANION_FIREFOX: join(root, 'no-such-firefox') };
    const both = dryRun(missingFirefox);
    const isRoot = process.getuid?.() === 0;
    if (isRoot) {
      expect(both.output).toContain('would run: apt-get update');
      expect(both.output).toContain('would run: apt-get install -y firefox-esr');
    } else {
      expect(both.output).toContain('Install it with: sudo apt-get install -y firefox-esr');
    }
    expect(both.output).not.toContain('chromium');
    expect(dryRun(missingFirefox, ['--browsers', 'chromium']).output).toBe('');
  });

  it('rejects an unknown browser name with a clear message', () => {
    installedFrom(lockHash);
    const { status, output } = dryRun({}, ['--browsers', 'safari']);
    expect(status).toBe(1);
    expect(output).toContain('Unknown browser: safari');
  });
});

describe('ensure-deps --languages --dry-run', () => {
  /** A browser's language-pack folder holding these files. */
  function packsDir(files: string[]): string {
    const dir = mkdtempSync(join(root, 'packs-'));
    for (const file of files) writeFileSync(join(dir, file), '');
    return dir;
  }

  it('installs the language packs the browsers lack, and only those', () => {
    installedFrom(lockHash);
    const env = {
      COMPANION_CHROMIUM_LOCALES: packsDir(['en-US.pak', 'de.pak']),
      COMPANION_FIREFOX_LANGPACKS: packsDir(['langpack-de@firefox-esr.mozilla.org.xpi']),
    };
    const { status, output } = dryRun(env, ['--languages', 'ar,de']);
    expect(status).toBe(0);
    const isRoot = process.getuid?.() === 0;
    const install = isRoot ? 'would run: apt-get install -y' : 'Install it with: sudo apt-get install -y';
    expect(output).toContain(`${install} chromium-l10n firefox-esr-l10n-ar`);
    expect(output).not.toContain('firefox-esr-l10n-de');
    // Only the browsers asked for.
    expect(dryRun(env, ['--languages', 'ar,de', '--browsers', 'chromium']).output).not.toContain('firefox');
  });

  it('does nothing when every language is there, or for browsers it does not know the layout of', () => {
    installedFrom(lockHash);
    const complete = {
      COMPANION_CHROMIUM_LOCALES: packsDir(['ar.pak', 'de.pak']),
      COMPANION_FIREFOX_LANGPACKS: packsDir([
        'langpack-ar@firefox-esr.mozilla.org.xpi',
        'langpack-de@firefox-esr.mozilla.org.xpi',
      ]),
    };
    expect(dryRun(complete, ['--languages', 'ar,de']).output).toBe('');
    // COMPANION_CHROMIUM / COMPANION_FIREFOX (set by dryRun) name browsers installed elsewhere.
    expect(dryRun({}, ['--languages', 'ar,de']).output).toBe('');
  });
});
