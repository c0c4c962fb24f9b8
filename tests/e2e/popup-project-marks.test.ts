/**
 * Loved and favorited in the popup, in real Chromium (public build, live host
 * names mapped onto the sandbox) and Firefox (local build), signed in as the demo member, whose
 * loves and favorites the sandbox seeds: the cards of the followed-project sections show a heart
 * when loved and a star when favorited (the truth read from the sandbox's store), asked for only as
 * they come into view; "hide projects I already loved" leaves them out and is remembered across
 * opens; with the marks setting off, the popup shows neither marks nor the filter; axe stays clean.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/sandbox/control';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  BROWSER_NAMES,
  seriousAxeFindings,
  seriousAxeFindingsInEachScheme,
  type TestPage,
  useBrowser,
  withSandbox,
} from './harness';

const sandbox = withSandbox();

const SHARED_CARD = '[data-testid="followed-projects"][data-feed="shared"] [data-testid="project-card"]';
const LOVE_READ = /^\/projects\/(\d+)\/loves\/user\/([^/]+)$/;
/** Cards scrolled into view, one by one, in the first test (the rest of the page of 40 never is). */
const CARDS_SEEN = 16;

interface ShownCard {
  id: number;
  marks: number;
  loved: string | null;
  favorited: string | null;
  label: string | null;
  hidden: boolean;
  /** The mark's look: its heart and star as drawn (generated content). */
  heart: string;
  star: string;
}

/** What each card of the Shared section shows. */
function readCards(page: TestPage): Promise<ShownCard[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((card) => {
        const marks = card.querySelectorAll('[data-testid="project-status"]');
        const mark = marks[0] as HTMLElement | undefined;
        const drawn = (pseudo: string) => (mark ? getComputedStyle(mark, pseudo).content : 'none');
        return {
          id: Number(card.getAttribute('data-project-id')),
          marks: marks.length,
          loved: mark?.getAttribute('data-loved') ?? null,
          favorited: mark?.getAttribute('data-favorited') ?? null,
          label: mark?.getAttribute('aria-label') ?? null,
          hidden: mark?.hidden ?? true,
          heart: drawn('::before'),
          star: drawn('::after'),
        };
      }),
    SHARED_CARD,
  );
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  // Before the browser starts: the seeded world, no faults; the browser's whole session is logged.
  let launched = 0;
  beforeAll(() => {
    sandbox().control.reset();
    launched = Date.now();
  });
  const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME });
  // The whole client-wide rate for the marks, not their share of it (the development tuning,
  // lib/dev-tuning.ts).
  beforeEach(() => browser().tune({ marksReadsPerSecond: 5 }));
  const store = () => sandbox().control.store;
  const demoId = () => store().getUser(DEMO_USERNAME)?.id ?? 0;
  const truth = (id: number) => ({
    id,
    loved: String(store().isLoved(id, demoId())),
    favorited: String(store().isFavorited(id, demoId())),
  });
  const loveReads = () =>
    sandbox()
      .control.requestLog({ part: 'api' })
      .filter((entry: RequestLogEntry) => Date.parse(entry.time) >= launched)
      .flatMap((entry) => {
        const match = LOVE_READ.exec(entry.path);
        return match ? [Number(match[1])] : [];
      });

  async function openShared(): Promise<TestPage> {
    const popup = await browser().openPopup();
    await popup.click('[data-testid="feed-section-shared"]', { timeout: 20_000 });
    await popup.waitFor((s) => document.querySelectorAll(s).length > 0, SHARED_CARD, { timeout: 20_000 });
    return popup;
  }

  /**
   * Scrolls card `index` to the middle of the popup and waits until its status is known. The next
   * few cards below it are in view too, so their statuses are asked for ahead, not one by one
   * (never as far down as the cards the first test expects never to be seen).
   */
  async function showCard(popup: TestPage, index: number) {
    await popup.waitFor(
      ({ s, i }) => {
        const card = document.querySelectorAll(s)[i];
        if (!card) return false;
        card.scrollIntoView({ block: 'center' });
        const mark = card.querySelector('[data-testid="project-status"]');
        return mark?.hasAttribute('data-loved') && mark.hasAttribute('data-favorited');
      },
      { s: SHARED_CARD, i: index },
      { timeout: 20_000 },
    );
  }

  it('marks the cards it shows: heart when loved, star when favorited, asking only for cards seen', async () => {
    const popup = await openShared();
    await popup.waitFor((s) => document.querySelectorAll(s).length >= 40, SHARED_CARD, { timeout: 20_000 });
    for (let index = 0; index < CARDS_SEEN; index++) await showCard(popup, index);
    const cards = await readCards(popup);
    const seen = cards.slice(0, CARDS_SEEN);
    for (const card of seen) {
      expect(card.marks).toBe(1);
      expect({ id: card.id, loved: card.loved, favorited: card.favorited }).toEqual(truth(card.id));
      const label =
        card.loved === 'true' && card.favorited === 'true'
          ? 'You loved and favorited this project'
          : card.loved === 'true'
            ? 'You loved this project'
            : card.favorited === 'true'
              ? 'You favorited this project'
              : null;
      expect(card.label).toBe(label);
      // Nothing visible when neither; a heart when loved, a star when favorited.
      expect(card.hidden).toBe(label === null);
      expect(card.heart !== 'none' && card.heart !== 'normal').toBe(card.loved === 'true');
      expect(card.star !== 'none' && card.star !== 'normal').toBe(card.favorited === 'true');
    }
    // The seeded demo member loved and favorited some of these (sandbox/seed.ts).
    expect(seen.some((card) => card.loved === 'true')).toBe(true);
    expect(seen.some((card) => card.favorited === 'true')).toBe(true);

    // Only cards that came into view were asked about: none of the page's last cards (never scrolled to).
    const reads = loveReads();
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads).size).toBe(reads.length);
    const neverSeen = new Set(cards.slice(CARDS_SEEN + 8).map((card) => card.id));
    expect(neverSeen.size).toBeGreaterThan(0);
    expect(reads.filter((id) => neverSeen.has(id))).toEqual([]);
    expect(cards.slice(CARDS_SEEN + 8).every((card) => card.loved === null)).toBe(true);

    await popup.evaluate((s) => document.querySelector(s)?.scrollIntoView(), SHARED_CARD);
    await popup.screenshot({ path: `.output/screens/popup-marks-${name}.png` });
    expect(await seriousAxeFindingsInEachScheme(popup), 'axe').toEqual({ light: [], dark: [] });
    await popup.close();
  });

  it('hides projects I already loved, remembered across opens', async () => {
    let popup = await openShared();
    for (let index = 0; index < 8; index++) await showCard(popup, index);
    const before = await readCards(popup);
    const loved = before.filter((card) => card.loved === 'true').map((card) => card.id);
    const notLoved = before.filter((card) => card.loved === 'false').map((card) => card.id);
    expect(loved.length).toBeGreaterThan(0);
    const filter = '[data-testid="feed-hide-loved"]';
    expect(await popup.evaluate((s) => (document.querySelector(s) as HTMLInputElement).checked, filter)).toBe(
      false,
    );
    await popup.click(filter);
    await popup.waitFor(
      (s) => document.querySelectorAll(`${s}:has([data-loved="true"])`).length === 0,
      SHARED_CARD,
    );
    const ids = async () => (await readCards(popup)).map((card) => card.id);
    let shown = await ids();
    for (const id of loved) expect(shown).not.toContain(id);
    for (const id of notLoved) expect(shown).toContain(id);
    expect(await seriousAxeFindings(popup)).toEqual([]);
    await popup.close();

    // Remembered: the next open leaves them out from its first frame (the statuses are cached).
    popup = await openShared();
    expect(await popup.evaluate((s) => (document.querySelector(s) as HTMLInputElement).checked, filter)).toBe(
      true,
    );
    shown = await ids();
    for (const id of loved) expect(shown).not.toContain(id);
    expect((await readCards(popup)).filter((card) => card.loved === 'true')).toEqual([]);
    await popup.close();

    // Off again: they come back.
    popup = await openShared();
    await popup.click(filter);
    await popup.waitFor(({ s, id }) => document.querySelector(`${s}[data-project-id="${id}"]`) !== null, {
      s: SHARED_CARD,
      id: loved[0],
    });
    await popup.close();
  });

  it('with the marks turned off in the settings, shows neither marks nor the filter', async () => {
    await browser().setStorage('sync', { projectStatusSettings: { marks: false } });
    try {
      const popup = await openShared();
      await popup.waitFor((s) => document.querySelectorAll(s).length >= 8, SHARED_CARD, { timeout: 20_000 });
      expect(
        await popup.evaluate(() => ({
          marks: document.querySelectorAll('[data-testid="project-status"]').length,
          filter: document.querySelectorAll('[data-testid="feed-hide-loved"]').length,
        })),
      ).toEqual({ marks: 0, filter: 0 });
      await popup.close();
    } finally {
      await browser().setStorage('sync', { projectStatusSettings: { marks: true } });
    }
  });
});
