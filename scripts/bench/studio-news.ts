/**
 * Studio bells' cost: THE REAL studio-news service (lib/feed/studio-news.ts) on a simulated clock,
 * its alarm firing at the notifier's period, for a member with 1, 10 and the cap of belled studios
 * who uses the browser all hour (the worst case: an idle member costs nothing). Each check reads each
 * belled studio's activity once; a bell rung mid-hour reads that studio at once. Prints the requests
 * per member-hour beside the message count's poller (a read a minute while a site tab is in front).
 * Run: `npx tsx scripts/bench/studio-news.ts`.
 */
import { CHECK_PERIOD_MS } from '../../lib/feed/feed-notifications';
import type { FollowingClosely } from '../../lib/feed/following-closely-model';
import { createStudioNews, MAX_NEWS_STUDIOS } from '../../lib/feed/studio-news';
import { emptyStudioNews, type StudioNews } from '../../lib/feed/studio-news-model';
import { DEFAULT_PERIOD_MS } from '../../lib/message-count/message-count';
import { reportFigure } from './report';

const HOUR = 3_600_000;

/** Requests in `hours` hours for a member with `studios` belled studios, all rung at the start. */
async function requestsPerHour(studios: number, hours = 4): Promise<number> {
  let now = Date.UTC(2026, 10, 20, 8);
  const start = now;
  let reads = 0;
  let stored: StudioNews = { ...emptyStudioNews };
  const bells: FollowingClosely = {
    people: [],
    studios: Array.from({ length: studios }, (_, i) => ({ id: 30_000_001 + i, title: `Studio ${i}` })),
  };
  const service = createStudioNews({
    now: () => now,
    periodMs: async () => CHECK_PERIOD_MS,
    signedInUser: async () => 'member',
    active: async () => true,
    bells: async () => bells,
    readActivity: async () => {
      reads += 1;
      return [];
    },
    state: {
      get: async () => stored,
      set: async (next) => {
        stored = next;
      },
    },
  });
  // The bells are rung (each read at once), then the periodic alarm takes over.
  await service.rung(bells.studios.map((studio) => studio.id));
  for (let at = start + CHECK_PERIOD_MS; at <= start + hours * HOUR; at += CHECK_PERIOD_MS) {
    now = at;
    await service.tick();
  }
  return reads / hours;
}

async function main(): Promise<void> {
  const pollerPerHour = HOUR / DEFAULT_PERIOD_MS;
  console.log(
    `Studio bells: each belled studio's activity read once a period (${CHECK_PERIOD_MS / 60_000} minutes), only while a studio has a bell`,
  );
  console.log(
    `and the member uses the browser; at most ${MAX_NEWS_STUDIOS} studios. Requests per member-hour, all hour active (4 hours, the first reads included):`,
  );
  console.log('');
  for (const studios of [1, 10, MAX_NEWS_STUDIOS]) {
    const perHour = await requestsPerHour(studios);
    console.log(
      `  ${String(studios).padStart(2)} belled studio${studios === 1 ? ' ' : 's'}: ${perHour.toFixed(2).padStart(6)} requests/hour ` +
        `(${(perHour / pollerPerHour).toFixed(2)}× the count's poller watching a site tab, ${pollerPerHour}/hour)`,
    );
    reportFigure({
      bench: 'studio-news',
      name: `studio bells: requests per member-hour, ${studios} studio${studios === 1 ? '' : 's'}`,
      value: Number(perHour.toFixed(2)),
      unit: 'requests',
      baseline: { name: "the count's poller, watching", value: pollerPerHour },
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
