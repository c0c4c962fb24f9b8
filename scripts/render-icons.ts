/**
 * Renders scripts/icons/icon.svg into the PNG sizes the manifest and toolbar use
 * (public/icon/<size>.png, which WXT picks up for `icons`). Run after changing the SVG:
 *   flock /tmp/companion-e2e.lock npx tsx scripts/render-icons.ts
 * The PNGs are committed, so builds need no browser.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumExecutable } from '../tests/e2e/harness/browsers';

const ICON_SIZES = [16, 32, 48, 96, 128] as const;
const root = join(import.meta.dirname, '..');

const svg = await readFile(join(root, 'scripts/icons/icon.svg'), 'utf8');
const outDir = join(root, 'public/icon');
await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const path = join(outDir, `${size}.png`);
    await page.screenshot({ path, omitBackground: true });
    console.log(path);
  }
} finally {
  await browser.close();
}
