/**
 * A probe for quiet periods of the love and favorite marks: a thumbnail in view is reused for a
 * project the extension never asked about, as the site's React reuses a node (its links change in
 * place). The marks follow it through the same steps as every thumbnail: the page's observers look
 * at it afresh, after whatever they were told before (a dialog's items, the thumbnails out of view),
 * and its love is read through the background's queue. That queue serves the newest asks first, but
 * runs two reads at a time and starts the next as soon as a slot is free: once every thumbnail in
 * view shows its state, whatever else the page asked for before the probe (if anything) is running
 * when the probe is asked, and takes its turn at the rate limiters (first come, first served) ahead
 * of the probe's read. Call it then: a probe asked while older reads still wait for a slot would
 * overtake them.
 */
import type { RequestLogEntry } from '@/sandbox/control';
import type { Proof } from './quiet-period';
import type { RunningSandbox } from './sandbox';
import type { TestPage } from './test-page';

export interface StatusMarkProbe {
  /** The project the reused thumbnail now shows. */
  projectId: number;
  /** Whether a logged request is the probe's love read (the extension's, not the page's). */
  isLoveRead(entry: RequestLogEntry): boolean;
  /** The probe's love read arriving: the proof for a quiet period of the marks' requests. */
  loveRead: Proof;
  /** Waits until the reused thumbnail's mark shows its new project's love, read. */
  marked(): Promise<void>;
}

const MARK = '[data-companion="project-status"]';
/** A read through the rate-limited queue, on a loaded machine: seconds; only a stuck extension waits this out. */
const PROBE_TIMEOUT_MS = 20_000;

/**
 * Reuses the first thumbnail matching `thumbnails` that is in view and already marked (else the
 * first marked one, scrolled into view) for a shared project this sandbox never heard of in its
 * request log (so the extension has nothing cached for it, not even from the project's own page),
 * and returns the probe.
 */
export async function reuseThumbnailForUnreadProject(
  page: TestPage,
  sandbox: RunningSandbox,
  options: { thumbnails: string; siteOrigin: string },
): Promise<StatusMarkProbe> {
  const { control } = sandbox;
  const named = new Set(
    control.requestLog().flatMap((entry) => [...entry.path.matchAll(/\/projects\/(\d+)/g)].map((m) => m[1])),
  );
  const onPage = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('a[href*="/projects/"]')].map(
        (link) => /\/projects\/(\d+)/.exec(link.getAttribute('href') ?? '')?.[1] ?? '',
      ),
    ),
  );
  const project = control.store
    .projects()
    .filter((p) => p.isShared && !named.has(String(p.id)) && !onPage.has(String(p.id)))
    .at(-1);
  if (!project) throw new Error('The seed has no shared project the extension never asked about');
  const projectId = project.id;

  const reused = await page.evaluate(
    ({ thumbnails, mark, projectId }) => {
      const inView = (element: Element) => {
        const box = element.getBoundingClientRect();
        if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
          return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const outer = parent.getBoundingClientRect();
          if (
            box.right <= outer.left ||
            box.left >= outer.right ||
            box.bottom <= outer.top ||
            box.top >= outer.bottom
          )
            return false;
        }
        return true;
      };
      const marked = [...document.querySelectorAll(thumbnails)].filter(
        (element) => element.querySelector(`${mark}[data-loved]`) !== null,
      );
      const host = marked.find(inView) ?? marked[0];
      if (!host) return false;
      if (!inView(host)) host.scrollIntoView({ block: 'center' });
      for (const link of host.querySelectorAll('a[href*="/projects/"]'))
        link.setAttribute('href', `/projects/${projectId}/`);
      return true;
    },
    { thumbnails: options.thumbnails, mark: MARK, projectId },
  );
  if (!reused) throw new Error(`No marked thumbnail in view matches ${options.thumbnails}`);

  const lovePath = new RegExp(`^/projects/${projectId}/loves/user/[^/]+$`);
  const isLoveRead = (entry: RequestLogEntry) =>
    entry.part === 'api' && entry.origin !== options.siteOrigin && lovePath.test(entry.path);
  return {
    projectId,
    isLoveRead,
    loveRead: {
      what: `the love read of project ${projectId}, shown in a reused thumbnail`,
      matches: isLoveRead,
      timeoutMs: PROBE_TIMEOUT_MS,
    },
    marked: async () => {
      await page.waitFor(
        ({ mark, projectId }) =>
          document.querySelector(`${mark}[data-project-id="${projectId}"][data-loved]`) !== null,
        { mark: MARK, projectId },
        { timeout: PROBE_TIMEOUT_MS },
      );
    },
  };
}
