/**
 * What goes to the stores: `npm run zip` makes the Chrome and Firefox packages of the `public`
 * profile and the sources archive Firefox's reviewers rebuild; the Firefox package passes Mozilla's
 * linter (`web-ext lint`) with no finding at all; nothing inside points at this machine; and the
 * sources archive, unpacked elsewhere, builds the same extension.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteProfiles } from '../lib/config';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const { site, api, translate, synthesis, uploads } = siteProfiles.public;
const publicHosts = [site, api, translate, synthesis, ...uploads];
const zipPath = (what: string) => path.join(root, '.output', `companion-${pkg.version}-${what}.zip`);

function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  // As from a shell: vitest's NODE_ENV=test would make development builds (JSX with file paths).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...env, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

async function readZip(file: string): Promise<JSZip> {
  return JSZip.loadAsync(readFileSync(file));
}

/** A file of a zip as text; a missing file fails the test that asked. */
async function textOf(zip: JSZip, name: string): Promise<string> {
  const file = zip.file(name);
  if (file === null) throw new Error(`the package has no ${name}`);
  return file.async('string');
}

/** Unpacks `file` into `dir` (JSZip: no `unzip` needed on the machine). */
async function extract(file: string, dir: string): Promise<void> {
  for (const [name, entry] of Object.entries((await readZip(file)).files)) {
    const target = path.join(dir, name);
    if (entry.dir) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, await entry.async('nodebuffer'));
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'companion-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('store packages', () => {
  const firefox = path.join(scratch, 'firefox');
  beforeAll(async () => {
    // `npm test` has just run `npm run zip` itself (its build step, scripts/test.mjs), from these
    // same sources; run alone, this test makes the packages.
    if (process.env.COMPANION_STORE_PACKAGES_BUILT !== '1') run('npm', ['run', 'zip']);
    // Check what ships: the zip's own files.
    await extract(zipPath('firefox'), firefox);
  }, 240_000);

  it('the Firefox package passes web-ext lint with no errors, warnings or notices', () => {
    const report = JSON.parse(run(bin('web-ext'), ['lint', '--output', 'json', '-s', firefox])) as {
      summary: { errors: number; warnings: number; notices: number };
      errors: unknown[];
      warnings: unknown[];
      notices: unknown[];
    };
    expect([...report.errors, ...report.warnings, ...report.notices]).toEqual([]);
    expect(report.summary).toEqual({ errors: 0, warnings: 0, notices: 0 });
  }, 120_000);

  it.each(['chrome', 'firefox'])(
    'the %s package holds the public manifest, localised, and no source maps',
    async (browser) => {
      const zip = await readZip(zipPath(browser));
      const manifest = JSON.parse(await textOf(zip, 'manifest.json'));
      expect(manifest.manifest_version).toBe(3);
      expect(manifest.version).toBe(pkg.version);
      expect(manifest.name).toBe('Companion');
      expect(manifest.default_locale).toBe('en');
      expect(manifest.description).toMatch(/^__MSG_\w+__$/);
      // Never in a private window, and the member cannot allow it there (wxt.config.ts says why).
      expect(manifest.incognito).toBe('not_allowed');
      // The public profile: the live site's hosts, no loopback.
      expect(JSON.stringify(manifest.host_permissions)).toContain('scratch.mit.edu');
      // Its pages' policy names exactly the profile's hosts (lib/extension-csp.ts), scripts its own.
      const policy: string = manifest.content_security_policy.extension_pages;
      expect(policy).toContain("script-src 'self';");
      expect(new Set(policy.match(/[a-z]+:\/\/[^\s;]+/g))).toEqual(new Set(publicHosts));
      expect(JSON.stringify(manifest)).not.toContain('127.0.0.1');
      const english = JSON.parse(await textOf(zip, '_locales/en/messages.json'));
      expect(english[manifest.description.slice(6, -2)]?.message).toBeTruthy();
      if (browser === 'firefox') {
        // What leaves the browser, in Mozilla's categories (wxt.config.ts says which feature sends each).
        expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({
          required: ['websiteContent', 'searchTerms', 'personalCommunications'],
        });
      }
      for (const [name, entry] of Object.entries(zip.files)) {
        if (entry.dir) continue;
        expect(name).not.toMatch(/\.map$/);
        if (!/\.(js|json|html|css)$/.test(name)) continue;
        const text = await entry.async('string');
        expect(text, name).not.toContain('sourceMappingURL');
        expect(text, name).not.toContain(root);
      }
    },
  );

  it('the sources archive builds the same Firefox extension', async () => {
    const sources = path.join(scratch, 'sources');
    await extract(zipPath('sources'), sources);
    const listed = Object.keys((await readZip(zipPath('sources'))).files);
    expect(listed).toContain('package-lock.json');
    expect(listed.some((name) => name.startsWith('node_modules/') || name.startsWith('.output/'))).toBe(
      false,
    );
    // Reviewers run `npm ci` first; the same packages are linked here (no network in tests).
    symlinkSync(path.join(root, 'node_modules'), path.join(sources, 'node_modules'), 'dir');
    run(bin('wxt'), ['build', '-b', 'firefox'], { cwd: sources, env: { COMPANION_PROFILE: 'public' } });
    const rebuilt = readFileSync(path.join(sources, '.output/public-firefox-mv3/manifest.json'), 'utf8');
    const shipped = await textOf(await readZip(zipPath('firefox')), 'manifest.json');
    expect(JSON.parse(rebuilt)).toEqual(JSON.parse(shipped));
    const files = (dir: string) => run('find', ['.', '-type', 'f'], { cwd: dir }).split('\n').sort();
    expect(files(path.join(sources, '.output/public-firefox-mv3'))).toEqual(files(firefox));
  }, 180_000);
});
