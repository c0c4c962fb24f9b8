/**
 * The small parts the popup's tabs share, in two chunks rather than eleven. Left to itself, the
 * bundler makes a chunk of every set of modules the same set of views imports: Feed's first item
 * waited for eleven chunks beside its own (a sentence, a link, an icon, a list's end, a card...),
 * most under a kilobyte. In Chromium each chunk of an extension page is a request of its own to
 * the extension's files, and the number of them, not their bytes, is what the app's first item
 * waited for: with the shared parts in two chunks (Feed 5 beside its own, Explore 4, Messages 3,
 * My Stuff 4) the app's own first item came 13 ms sooner on every tab in Chromium (144 -> 131 ms,
 * the mean of three interleaved runs of `scripts/bench/popup.ts --first-frame-only --quick`) and
 * 7 ms sooner in Firefox (130 -> 123 ms, two runs), and the popup's JavaScript at open is smaller
 * (fewer imports between chunks: Feed 60.9 -> 60.0 KB, Messages 66.4 -> 65.6 KB).
 *
 * Each group holds modules every tab that uses one of them mostly uses all of: `popup-parts` what
 * the lists of three or four tabs are made of, `popup-cards` the project cards of Feed, Explore and
 * My Stuff (Messages shows none, so it never loads them). No module is copied into two chunks: a
 * module's state (a storage item, a cache) stays one.
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
