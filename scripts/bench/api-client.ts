/**
 * Benchmark of the API client's request economy, against a sandbox it starts itself (random ports,
 * with a simulated network delay on every API request):
 *
 *   1. walk 1,000 items of a paged list (explore projects);
 *   2. a burst of 200 identical status reads (loved or not?), all at once, signed in.
 *
 * Each beside a naive client: plain fetch, the service's default page size, no sharing of identical
 * reads, no rate limit. Printed: requests the service received, time taken, and the peak number of
 * requests the service saw in any one second (its documented limit is 10); then the ratios.
 *
 *   npx tsx scripts/bench/api-client.ts
 */
import { ApiClient } from '../../lib/api/client';
import { HttpClient } from '../../lib/api/http';
import { Session } from '../../lib/session/session';
import { DEMO_USERNAME, type RunningSandbox, startSandbox } from '../../sandbox/index';
import { CookieJar, MemorySessionStore } from '../../tests/contract/harness';
import { reportFigure } from './report';

const WALK_ITEMS = 1000;
const BURST = 200;
/** Round-trip delay added by the sandbox to each API request, as a network would. */
const LATENCY_MS = 40;

interface Run {
  requests: number;
  ms: number;
  /** Most requests the service received in any one-second window. */
  peakPerSecond: number;
}

function apiLog(sandbox: RunningSandbox) {
  return sandbox.control.requestLog({ part: 'api' }).filter((e) => e.method !== 'OPTIONS');
}

function peakPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

async function measure(sandbox: RunningSandbox, work: () => Promise<void>): Promise<Run> {
  sandbox.control.clearLog();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const log = apiLog(sandbox);
  return { requests: log.length, ms, peakPerSecond: peakPerSecond(log.map((e) => Date.parse(e.time))) };
}

/** The naive walk: default pages (20), one after the other, until 1,000 items. */
async function naiveWalk(api: string): Promise<number> {
  let items = 0;
  for (let offset = 0; items < WALK_ITEMS; ) {
    const response = await fetch(`${api}/explore/projects?q=*&offset=${offset}`);
    const page = (await response.json()) as unknown[];
    if (page.length === 0) break;
    items += page.length;
    offset += page.length;
  }
  return Math.min(items, WALK_ITEMS);
}

function row(name: string, run: Run): string {
  return `  ${name.padEnd(10)} ${String(run.requests).padStart(8)} ${run.ms.toFixed(0).padStart(9)} ms ${String(run.peakPerSecond).padStart(10)}`;
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${(a / b).toFixed(3)}x`;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  try {
    sandbox.control.addLatency({ part: 'api', fixedMs: LATENCY_MS });
    const jar = new CookieJar();
    const login = await fetch(`${sandbox.urls.site}/login/?as=${DEMO_USERNAME}&next=/`, {
      redirect: 'manual',
    });
    jar.take(login);

    // Companion's client exactly as the background builds it (default limit, timeouts, retries).
    const http = new HttpClient();
    const session = new Session({
      site: sandbox.urls.site,
      http,
      cookies: jar,
      store: new MemorySessionStore(),
    });
    const api = new ApiClient({ urls: sandbox.urls, http, auth: session });
    const token = await session.token();
    if (token === null) throw new Error('sign-in failed');
    const [project] = await api.exploreProjects.list({ q: '*' }, { limit: 1 });
    if (!project) throw new Error('no project to read');

    // 1. Walk 1,000 items.
    let walked = 0;
    const companionWalk = await measure(sandbox, async () => {
      for await (const _ of api.exploreProjects.iterate({ q: '*' }, { maxItems: WALK_ITEMS })) walked++;
    });
    let naiveWalked = 0;
    const naiveWalkRun = await measure(sandbox, async () => {
      naiveWalked = await naiveWalk(sandbox.urls.api);
    });
    if (walked !== WALK_ITEMS || naiveWalked !== WALK_ITEMS) {
      throw new Error(`walked ${walked} / ${naiveWalked} items, expected ${WALK_ITEMS}`);
    }

    // 2. A burst of 200 identical status reads.
    const companionBurst = await measure(sandbox, async () => {
      const reads = await Promise.all(
        Array.from({ length: BURST }, () => api.getProjectLove(project.id, DEMO_USERNAME)),
      );
      if (reads.length !== BURST) throw new Error('missing answers');
    });
    const naiveBurst = await measure(sandbox, async () => {
      const url = `${sandbox.urls.api}/projects/${project.id}/loves/user/${DEMO_USERNAME}`;
      await Promise.all(
        Array.from({ length: BURST }, async () =>
          (await fetch(url, { headers: { 'X-Token': token } })).json(),
        ),
      );
    });

    console.log(`API client benchmark (sandbox, ${LATENCY_MS} ms added per API request)`);
    console.log('');
    console.log(`Walk ${WALK_ITEMS} items of a paged list (explore projects)`);
    console.log('  client     requests      time   peak req/s');
    console.log(row('companion', companionWalk));
    console.log(row('naive', naiveWalkRun));
    console.log(
      `  ratio companion/naive: requests ${ratio(companionWalk.requests, naiveWalkRun.requests)}, time ${ratio(companionWalk.ms, naiveWalkRun.ms)}, peak req/s ${ratio(companionWalk.peakPerSecond, naiveWalkRun.peakPerSecond)}`,
    );
    console.log('');
    console.log(`Burst of ${BURST} identical status reads (project love, signed in)`);
    console.log('  client     requests      time   peak req/s');
    console.log(row('companion', companionBurst));
    console.log(row('naive', naiveBurst));
    console.log(
      `  ratio companion/naive: requests ${ratio(companionBurst.requests, naiveBurst.requests)}, time ${ratio(companionBurst.ms, naiveBurst.ms)}, peak req/s ${ratio(companionBurst.peakPerSecond, naiveBurst.peakPerSecond)}`,
    );
    console.log('');
    console.log(
      'naive = plain fetch, default page size, no sharing of identical reads, no rate limit. The service documents about 10 req/s; Companion keeps to 5.',
    );

    const rateBudget = { text: '≤ 5 req/s, bursts included', max: 5 };
    for (const [what, companion, naive] of [
      [`walk ${WALK_ITEMS} paged items`, companionWalk, naiveWalkRun],
      [`${BURST} identical reads at once`, companionBurst, naiveBurst],
    ] as const) {
      const baseline = (value: number) => ({ name: 'naive client', value });
      reportFigure({
        bench: 'api-client',
        name: `${what}: requests`,
        value: companion.requests,
        unit: 'requests',
        baseline: baseline(naive.requests),
      });
      reportFigure({
        bench: 'api-client',
        name: `${what}: time`,
        value: companion.ms,
        unit: 'ms',
        baseline: baseline(naive.ms),
      });
      reportFigure({
        bench: 'api-client',
        name: `${what}: peak requests in 1 s`,
        value: companion.peakPerSecond,
        unit: 'req/s',
        baseline: baseline(naive.peakPerSecond),
        budget: rateBudget,
      });
    }
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
