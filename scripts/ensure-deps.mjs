#!/usr/bin/env node
/**
 * Installs what `npm start` and `npm test` need on a fresh Debian machine, before anything else
 * runs. Plain Node with no dependencies, because it runs before `npm ci`.
 *
 * - node_modules: `npm ci` when it is missing or was installed from another package-lock.json
 *   (a hash of the lock file is kept in node_modules/.companion-lock-hash after each install; when
 *   it differs, npm's record of the installed versions is compared with the lock file).
 * - Browsers: Debian's `chromium` and `firefox-esr`, with apt-get when running as root; otherwise a
 *   message saying what to install. COMPANION_CHROMIUM / COMPANION_FIREFOX name other executables
 *   (the test harness reads the same variables: tests/e2e/harness/browsers.ts).
 * - Languages (`--languages ar,de`, for the tests that run the browsers in those languages): Debian's
 *   browsers speak only English until their language packs are installed (`chromium-l10n`,
 *   `firefox-esr-l10n-<lang>`); they fall back to English silently. Checked for Debian's browsers, or
 *   where COMPANION_CHROMIUM_LOCALES / COMPANION_FIREFOX_LANGPACKS say the packs live.
 *
 * Usage: node scripts/ensure-deps.mjs [--browsers chromium,firefox] [--languages ar,de] [--dry-run]
 *   --dry-run prints what would be done and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_FILE = '.companion-lock-hash';

/** Debian package and default executable of each browser. */
const BROWSERS = {
  chromium: { pkg: 'chromium', env: 'COMPANION_CHROMIUM', path: '/usr/bin/chromium' },
  firefox: { pkg: 'firefox-esr', env: 'COMPANION_FIREFOX', path: '/usr/bin/firefox-esr' },
};

/**
 * Where each Debian browser keeps a language once its pack is installed, and the package that
 * brings it (Chromium's one package has every language).
 */
const LANGUAGE_PACKS = {
  chromium: {
    env: 'COMPANION_CHROMIUM_LOCALES',
    dir: '/usr/lib/chromium/locales',
    file: (language) => `${language}.pak`,
    pkg: () => 'chromium-l10n',
  },
  firefox: {
    env: 'COMPANION_FIREFOX_LANGPACKS',
    dir: '/usr/lib/firefox-esr/browser/extensions',
    file: (language) => `langpack-${language}@firefox-esr.mozilla.org.xpi`,
    pkg: (language) => `firefox-esr-l10n-${language.toLowerCase()}`,
  },
};

/** The executable the harness will launch for `name`. */
export function browserExecutable(name) {
  const browser = BROWSERS[name];
  return process.env[browser.env] || browser.path;
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function lockHash(root) {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
}

/**
 * The first package whose installed version differs from package-lock.json, according to npm's
 * own record of what it installed (node_modules/.package-lock.json), or null when all match.
 * Optional packages may be absent: npm skips those made for other platforms.
 */
function firstInstallMismatch(root) {
  const hiddenLockPath = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(hiddenLockPath)) return 'node_modules/.package-lock.json';
  const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(hiddenLockPath, 'utf8')).packages ?? {};
  for (const [path, entry] of Object.entries(wanted)) {
    if (path === '' || entry.link) continue;
    const have = installed[path];
    if (have ? have.version !== entry.version : !entry.optional) return path;
  }
  return null;
}

/** Why node_modules needs `npm ci`, or null when it matches package-lock.json. */
export function nodeModulesProblem(root = repoRoot, { dryRun = false } = {}) {
  const nodeModules = join(root, 'node_modules');
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  const stampPath = join(nodeModules, STAMP_FILE);
  const hash = lockHash(root);
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === hash) return null;
  // A new lock file, or an install made without this script (`npm i <pkg>`, a plain `npm ci`):
  // reinstall only if what is installed really differs, then remember this lock file.
  const mismatch = firstInstallMismatch(root);
  if (mismatch !== null) return `node_modules does not match package-lock.json (${mismatch})`;
  if (!dryRun) writeFileSync(stampPath, `${hash}\n`);
  return null;
}

function run(command, args, { dryRun, env } = {}) {
  const shown = [command, ...args].join(' ');
  if (dryRun) {
    console.log(`[ensure-deps] would run: ${shown}`);
    return;
  }
  console.log(`[ensure-deps] ${shown}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(`${shown} failed (exit ${result.status ?? result.signal})`);
  }
}

function ensureNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 12)) {
    throw new Error(`Node ${process.versions.node} is too old: install Node 20.12 or newer.`);
  }
}

function ensureNodeModules({ dryRun }) {
  const problem = nodeModulesProblem(repoRoot, { dryRun });
  if (problem === null) return;
  console.log(`[ensure-deps] ${problem}: installing packages`);
  run('npm', ['ci', '--no-audit', '--no-fund'], { dryRun });
  if (!dryRun) writeFileSync(join(repoRoot, 'node_modules', STAMP_FILE), `${lockHash(repoRoot)}\n`);
}

/**
 * The Debian packages that would give the browsers `languages`, for the browsers whose language
 * packs this script knows where to find: Debian's own, or where the COMPANION_*_LOCALES/LANGPACKS
 * variables point.
 */
function missingLanguagePacks(names, languages) {
  const packages = new Set();
  for (const name of names) {
    const packs = LANGUAGE_PACKS[name];
    const dir = process.env[packs.env] || (process.env[BROWSERS[name].env] ? null : packs.dir);
    if (!dir) continue;
    // English is built in.
    for (const language of languages.filter((code) => !/^en\b/i.test(code))) {
      if (!existsSync(join(dir, packs.file(language)))) packages.add(packs.pkg(language));
    }
  }
  return [...packages];
}

function ensureBrowsers(names, languages, { dryRun }) {
  const missing = names.filter((name) => !isExecutable(browserExecutable(name)));
  // A browser about to be installed gets its language packs in the same install.
  const languagePacks = missingLanguagePacks(names, languages);
  if (missing.length === 0 && languagePacks.length === 0) return;
  const packages = [...missing.map((name) => BROWSERS[name].pkg), ...languagePacks];
  const described = [
    ...missing.map((name) => `browser ${name} (${browserExecutable(name)})`),
    ...(languagePacks.length > 0 ? [`language packs for ${languages.join(', ')}`] : []),
  ].join(', ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = isExecutable('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    const how = hasApt
      ? `sudo apt-get install -y ${packages.join(' ')}`
      : `your system's packages for ${packages.join(' and ')}`;
    const message =
      `Missing ${described}. Install it with: ${how}` +
      (missing.length > 0
        ? `\n(or point ${missing.map((name) => BROWSERS[name].env).join(' / ')} at an installed executable).`
        : '');
    if (dryRun) {
      console.log(`[ensure-deps] would stop: ${message}`);
      return;
    }
    throw new Error(message);
  }
  console.log(`[ensure-deps] missing ${described}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { dryRun, env });
  run('apt-get', ['install', '-y', ...packages], { dryRun, env });
  if (!dryRun) {
    const stillMissing = missing.filter((name) => !isExecutable(browserExecutable(name)));
    if (stillMissing.length > 0) {
      throw new Error(
        `apt-get installed ${packages.join(' ')} but ${stillMissing.join(', ')} is still missing`,
      );
    }
  }
}

/**
 * Makes node_modules and the named browsers present. Throws with a message saying what to do
 * when it cannot install something itself.
 * @param {{ browsers?: Array<'chromium' | 'firefox'>, languages?: string[], dryRun?: boolean }} [options]
 */
export function ensureDeps({ browsers = ['chromium', 'firefox'], languages = [], dryRun = false } = {}) {
  ensureNodeVersion();
  ensureNodeModules({ dryRun });
  ensureBrowsers(browsers, languages, { dryRun });
}

function parseArgs(argv) {
  const options = { browsers: ['chromium', 'firefox'], languages: [], dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--browsers' || arg.startsWith('--browsers=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      options.browsers = (value ?? '').split(',').filter(Boolean);
      const unknown = options.browsers.filter((name) => !(name in BROWSERS));
      if (unknown.length > 0) throw new Error(`Unknown browser: ${unknown.join(', ')} (chromium, firefox)`);
    } else if (arg === '--languages' || arg.startsWith('--languages=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      options.languages = (value ?? '').split(',').filter(Boolean);
    } else throw new Error(`Unknown argument: ${arg}`);
  }
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureDeps(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(`[ensure-deps] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
