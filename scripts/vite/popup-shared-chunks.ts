/**
 * The small parts the popup's tabs share, in a few chunks rather than a dozen. Left to itself, the
 * bundler makes a chunk of every set of modules the same set of views imports: Feed's first item
 * waited for eleven chunks beside its own (a sentence, a link, an icon, a list's end, a card...),
 * most under a kilobyte. In an extension page each chunk is a request of its own to the extension's
 * files, and the number of them, not their bytes, is what the app's first item waited for. With
 * these groups the most scripts it waits for, opening on any tab, went from 20 to 14 in Chromium's
 * build and from 19 to 13 in Firefox's (the entry and what it imports included:
 * scripts/bench/bundle-sizes.ts, `popupMostScripts`), and the app's own first item came sooner on
 * every tab: in Chromium 145 -> 124 ms (the mean of the four tabs in three interleaved runs of
 * `scripts/bench/popup.ts --first-frame-only --quick`; the empty popup 56 and 53 ms), in Firefox
 * 130 -> 123 ms (two runs, the first two groups). The popup's JavaScript at open is smaller too
 * (fewer imports between chunks: Feed 60.9 -> 60.0 KB, Messages 66.4 -> 65.5 KB).
 *
 * Each group holds modules that the tabs using one of them nearly always use all of: `popup-parts`
 * what the lists of three or four tabs are made of; `popup-cards` the project cards of Feed, Explore
 * and My Stuff (Messages shows none: it never loads them); a tab's own models and stored items that
 * the options page shares. No module is copied into two chunks: a module's state (a storage item, a
 * cache) stays one. And no group may hold a module that imports the popup's entry beside one the
 * options page loads, or the popup's app would start in the options page (bundle-budget.test.ts).
 */
import type { UserConfig } from 'vite';

/** A group of modules (paths from the repository's root) that load as one chunk. */
interface SharedChunk {
  name: string;
  modules: readonly string[];
}

export const POPUP_SHARED_CHUNKS: readonly SharedChunk[] = [
  {
    name: 'popup-parts',
    modules: [
      'components/Sentence.tsx',
      'components/sentence-markers.ts',
      'components/error-sentence.ts',
      'components/ErrorLine.tsx',
      'components/Empty.tsx',
      'components/LineIcon.tsx',
      'components/RelativeTime.tsx',
      'components/SiteLink.tsx',
      'components/ListStatus.tsx',
      'components/ItemRow.tsx',
      'entrypoints/popup/first-paint.ts',
      'entrypoints/popup/first-item-mark.ts',
    ],
  },
  {
    name: 'popup-cards',
    modules: [
      'components/ProjectCard.tsx',
      'components/SiteImage.tsx',
      'components/ListEnd.tsx',
      'components/Chip.tsx',
      'lib/protocol/background-gone.ts',
      'lib/storage/own-entry.ts',
    ],
  },
  // A tab's own models and stored items: the options page shares them (so they are no part of the
  // tab's chunk), and the tab always loads them together.
  {
    name: 'explore-data',
    modules: [
      'lib/explore/explore-keys-model.ts',
      'lib/explore/explore-model.ts',
      'lib/explore/explore-storage.ts',
    ],
  },
  {
    name: 'messages-data',
    modules: ['lib/message-count/mutes-model.ts', 'lib/messages/messages-storage.ts'],
  },
];

/** Whether the module `id` (an absolute path, maybe with a query) is one of `modules`. */
export function isOneOf(id: string, modules: readonly string[]): boolean {
  const path = id.split('?')[0]?.replaceAll('\\', '/') ?? '';
  return modules.some((module) => path.endsWith(`/${module}`));
}

/** `config` (the extension pages' build: popup, options, offscreen document) with the popup's groups. */
export function withPopupSharedChunks(config: UserConfig): void {
  config.build ??= {};
  const rolldown = config.build.rolldownOptions ?? {};
  const output = Array.isArray(rolldown.output) ? undefined : rolldown.output;
  config.build.rolldownOptions = {
    ...rolldown,
    output: {
      ...output,
      codeSplitting: {
        groups: POPUP_SHARED_CHUNKS.map(({ name, modules }) => ({
          name,
          test: (id: string) => isOneOf(id, modules),
          // Only the modules named: what they import stays where the bundler puts it.
          includeDependenciesRecursively: false,
        })),
      },
    },
  };
}
