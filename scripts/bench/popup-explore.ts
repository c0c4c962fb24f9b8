/**
 * The Explore tab's request economy: a scripted session of exploring (the messages the popup sends
 * while a member opens it, scrolls, changes the tag, opens a project, its author, their followers,
 * goes back, searches, opens a studio, closes the popup and opens it again a minute later), run on
 * the real explore service and API client against a sandbox it starts itself, beside the same walk
 * with the caches off (every cache entry too old at every ask: a clock that jumps a day each time).
 * Printed: requests the service received for each, and the ratio; then a search typed keystroke by
 * keystroke, settled (one request) against one request per keystroke.
 *
 *   npx tsx scripts/bench/popup-explore.ts   (also printed at the end of scripts/bench/popup.ts)
 */
import { pathToFileURL } from 'node:url';
import { ApiClient } from '../../lib/api/client';
import { HttpClient } from '../../lib/api/http';
import { settledSearch } from '../../lib/concurrency/settled-search';
import { siteProfiles } from '../../lib/config';
import { createExploreService, type ExplorePorts, type ExploreService } from '../../lib/explore/explore';
import { listKey } from '../../lib/explore/explore-keys-model';
import { emptyExploreCache, emptyExploreViews, type ListSource } from '../../lib/explore/explore-model';
import { explorePorts } from '../../lib/explore/explore-ports';
import { Session } from '../../lib/session/session';
import { DEMO_USERNAME, startSandbox } from '../../sandbox/index';
import { CookieJar, MemorySessionStore } from '../../tests/contract/harness';
import { reportFigure } from './report';

const LATENCY_MS = 20;
const DAY = 24 * 60 * 60_000;

function memoryStore<T>(initial: T) {
  let value = initial;
  return {
    get: async () => value,
    set: async (next: T) => {
      value = structuredClone(next);
    },
  };
}

interface Clock {
  now(): number;
  /** When the popup opened, as a view's ask says it (caches off: now, so nothing read before counts). */
  since(opened: number): number;
  /** The member waits (ms). */
  pass(ms: number): void;
}

/**
 * One session of exploring, as the popup asks the service (see entrypoints/popup/explore/): what
 * each view sends when it shows, in the order a member would make it show.
 */
async function walk(service: ExploreService, clock: Clock, cache: ExplorePorts['cache']): Promise<number> {
  /** The first card of a list, as the popup shows it (from the service's cache). */
  const firstOf = async (source: ListSource) => (await cache.get()).lists[listKey(source)]?.items[0];
  const language = 'en';
  let steps = 0;
  const home = async (since: number) => {
    steps++;
    await Promise.all([service.refreshFeatured(), service.refreshProjectCount()]);
    await service.refreshList(
      { source: 'explore', kind: 'projects', tag: '*', mode: 'trending', language },
      { since: since },
    );
  };
  const openProject = async (id: number, since: number) => {
    steps++;
    await service.openView({ detail: 'project', id }, { since: since });
    await service.refreshList({ source: 'remixes', projectId: id }, { since: since });
  };
  const openUser = async (username: string, since: number) => {
    steps++;
    await service.openView({ detail: 'user', username }, { since: since });
    await service.refreshList({ source: 'user-projects', username }, { since: since });
  };

  // The popup opens on Explore: home, then the member scrolls two pages further.
  let since = clock.now();
  await home(clock.since(since));
  const all = { source: 'explore', kind: 'projects', tag: '*', mode: 'trending', language } as const;
  await service.loadMore(all);
  await service.loadMore(all);
  clock.pass(5_000);
  // Games, one page further; back to All.
  const games = { ...all, tag: 'games' } as const;
  await service.refreshList(games, { since: clock.since(since) });
  await service.loadMore(games);
  await service.refreshList(all, { since: clock.since(since) });
  steps += 3;
  // A project, its author, their followers (two pages); back, back; the same project again.
  const project = await firstOf(games);
  if (project?.type !== 'project') throw new Error('no project');
  const author = project.author;
  await openProject(project.id, clock.since(since));
  await openUser(author, clock.since(since));
  const followers = { source: 'followers', username: author } as const;
  await service.refreshList(followers, { since: clock.since(since) });
  await service.loadMore(followers);
  clock.pass(10_000);
  await openUser(author, clock.since(since));
  await openProject(project.id, clock.since(since));
  // A search, settled; a studio from its results with its comments; back.
  const studios = { source: 'search', kind: 'studios', query: 'the', mode: 'popular', language } as const;
  await service.refreshList(studios, { since: clock.since(since) });
  const studio = await firstOf(studios);
  if (studio?.type === 'studio') {
    await service.openView({ detail: 'studio', id: studio.id }, { since: clock.since(since) });
    await service.refreshList(
      { source: 'studio-comments', studioId: studio.id },
      { since: clock.since(since) },
    );
  }
  steps += 4;

  // A minute later the popup opens again (a new popup life): home, the same project.
  clock.pass(60_000);
  since = clock.now();
  await home(clock.since(since));
  await openProject(project.id, clock.since(since));
  // And again ten minutes later: the explore page is stale by now, featured and the count are not.
  clock.pass(10 * 60_000);
  since = clock.now();
  await home(clock.since(since));
  return steps;
}

/** Runs the benchmark and prints it (also the last part of scripts/bench/popup.ts). */
export async function runExploreBenchmark(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  try {
    sandbox.control.addLatency({ part: 'api', fixedMs: LATENCY_MS });
    const jar = new CookieJar();
    jar.take(await fetch(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`, { redirect: 'manual' }));
    // The client exactly as the background builds it: one HTTP layer, one rate limit.
    const http = new HttpClient();
    const session = new Session({
      site: sandbox.urls.site,
      http,
      cookies: jar,
      store: new MemorySessionStore(),
    });
    const api = new ApiClient({ urls: sandbox.urls, http, auth: session });
    if ((await session.token()) === null) throw new Error('sign-in failed');
    const profile = { ...siteProfiles.local, site: sandbox.urls.site, uploads: [sandbox.urls.uploads] };

    const run = async (cachesOff: boolean) => {
      let time = Date.now();
      const clock: Clock = {
        // Caches off: every entry is too old whenever the service looks.
        now: () => {
          if (cachesOff) time += DAY;
          return time;
        },
        pass: (ms) => {
          time += ms;
        },
        since: (opened) => (cachesOff ? clock.now() : opened),
      };
      const ports: ExplorePorts = explorePorts(
        { profile, api, signedInUser: async () => DEMO_USERNAME, now: () => clock.now() },
        { cache: memoryStore(emptyExploreCache), views: memoryStore(emptyExploreViews) },
      );
      const service = createExploreService(ports);
      sandbox.control.clearLog();
      const started = performance.now();
      const steps = await walk(service, clock, ports.cache);
      const ms = performance.now() - started;
      const requests = sandbox.control.requestLog({ part: 'api' }).filter((e) => e.method === 'GET').length;
      return { steps, requests, ms };
    };

    const cached = await run(false);
    const uncached = await run(true);
    const companion = cached.requests;
    const baseline = uncached.requests;

    // Typing "space cats" at 8 keys a second: settled vs one search per keystroke.
    const typed = 'space cats';
    const keystrokes = async (settle: boolean) => {
      sandbox.control.clearLog();
      const sent: string[] = [];
      const send = (q: string) => {
        sent.push(q);
        return api.searchProjects.list({ q, mode: 'popular', language: 'en' }, { limit: 40 });
      };
      const search = settledSearch<string, unknown>({ run: send });
      for (let i = 1; i <= typed.length; i++) {
        const text = typed.slice(0, i);
        if (settle) search.push(text);
        else void send(text);
        await new Promise((resolve) => setTimeout(resolve, 125));
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
      return sandbox.control.requestLog({ part: 'api', pattern: '/search/projects' }).length;
    };
    const settledRequests = await keystrokes(true);
    const everyKey = await keystrokes(false);

    console.log(`Explore benchmark (sandbox, ${LATENCY_MS} ms added per API request)`);
    console.log('');
    console.log(
      'A session of exploring: 3 popup opens, tag change, scrolling, project, author, followers, back,',
    );
    console.log('search, studio with comments, back (the same scripted walk in both runs)');
    console.log('  run           requests      time');
    console.log(`  caches on     ${String(companion).padStart(8)} ${cached.ms.toFixed(0).padStart(7)} ms`);
    console.log(`  caches off    ${String(baseline).padStart(8)} ${uncached.ms.toFixed(0).padStart(7)} ms`);
    console.log(`  ratio on/off: requests ${(companion / baseline).toFixed(3)}x`);
    console.log('');
    console.log(`Typing "${typed}" (${typed.length} keys, 125 ms apart) in the search field`);
    console.log(`  settled (~300 ms)    ${settledRequests} request(s)`);
    console.log(`  every keystroke      ${everyKey} requests`);
    console.log(`  ratio settled/every: ${(settledRequests / everyKey).toFixed(3)}x`);
    reportFigure({
      bench: 'popup-explore',
      name: 'a session of exploring: requests',
      value: companion,
      unit: 'requests',
      baseline: { name: 'caches off', value: baseline },
    });
    reportFigure({
      bench: 'popup-explore',
      name: `typing "${typed}" in search: requests`,
      value: settledRequests,
      unit: 'requests',
      baseline: { name: 'one per keystroke', value: everyKey },
    });
  } finally {
    await sandbox.close();
  }
}

// Run directly (`npx tsx scripts/bench/popup-explore.ts`), not when the popup benchmark imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runExploreBenchmark().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
