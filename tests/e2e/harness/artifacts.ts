/** What a failing test leaves behind: a screenshot of each open page and the console log. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestPage } from './test-page';

export async function writeArtifacts(dir: string, pages: TestPage[], consoleLines: readonly string[]) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const index: string[] = [];
  let n = 0;
  for (const page of pages) {
    if (page.isClosed()) continue;
    n++;
    const url = await page.url().catch(() => '(unknown address)');
    const file = `page-${n}.png`;
    try {
      await page.screenshot({ path: join(dir, file), fullPage: true });
      index.push(`${file}\t${url}`);
    } catch (error) {
      index.push(
        `${file}\t${url}\t(no screenshot: ${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  await writeFile(join(dir, 'pages.txt'), `${index.join('\n')}\n`);
  await writeFile(join(dir, 'console.log'), `${consoleLines.join('\n')}\n`);
}
