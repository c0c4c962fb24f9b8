#!/usr/bin/env node
/**
 * `npm run screenshots`: remakes the README's pictures in docs/screenshots/ from the sandbox's seeded
 * data. It runs `npm start -- --headless --once` in Chromium twice, in English and in Arabic (the
 * languages picture), each into a folder of its own under .output/, then copies the pictures the
 * README shows. Uses the sandbox's fixed ports: nothing else may be using them meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(repoRoot, 'docs', 'screenshots');

/** Per language: the folder npm start writes to, and [its picture, the README's name for it]. */
const RUNS = [
  {
    language: 'en',
    pictures: [
      ['site.png', 'site-home.png'],
      ['popup-feed.png', 'popup-feed.png'],
      ['popup-messages.png', 'popup-messages.png'],
      ['popup-explore.png', 'popup-explore.png'],
      ['popup-mystuff.png', 'popup-mystuff.png'],
      ['settings.png', 'settings.png'],
      ['site-marks.png', 'site-marks.png'],
      ['site-translation.png', 'site-translation.png'],
    ],
  },
  { language: 'ar', pictures: [['popup-feed.png', 'popup-feed-ar.png']] },
];

mkdirSync(docs, { recursive: true });
for (const { language, pictures } of RUNS) {
  const dir = join(repoRoot, '.output', `screens-${language}`);
  // English too, whatever language this machine's environment asks for.
  const args = ['scripts/start.mjs', '--headless', '--once', '--screens', dir, '--ui-language', language];
  console.log(`\n▶ node ${args.join(' ')}`);
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm run screenshots: npm start failed (${result.status ?? result.signal})`);
    process.exit(1);
  }
  for (const [from, to] of pictures) {
    copyFileSync(join(dir, from), join(docs, to));
    console.log(`  ${join('docs', 'screenshots', to)}`);
  }
}
