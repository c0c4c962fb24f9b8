import { startSandbox } from '@/sandbox/index';
import { launchBrowser } from '@/tests/e2e/harness/launch';
const sandbox = await startSandbox({ https: true, quiet: true });
const name = (process.argv[2] ?? 'chromium') as 'chromium' | 'firefox';
const c = sandbox.control.store.addComment({ place: 'project', placeId: 800000918, parentId: null, commenteeId: null, authorId: sandbox.control.store.getUser('mallory')!.id, content: '<img src=x onerror="document.title=\'pwned\'"> hello <script>document.title="pwned"</script>' });
console.log('added', c.id);
const browser = await launchBrowser(name, { sandbox, signedInAs: 'demo' });
try {
  const page = await browser.openPage(`${browser.profile.site}/projects/${process.argv[3] ?? '800000005'}/`);
  await new Promise((r) => setTimeout(r, 4000));
  console.log(await page.evaluate(() => document.querySelector('.comments-list div.comment')?.outerHTML));
  console.log(browser.consoleLog().filter((l) => !l.includes('favicon')).slice(-30).join('\n'));
} finally {
  await browser.close();
  await sandbox.close();
}
