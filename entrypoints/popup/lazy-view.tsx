/**
 * A tab's view, loaded on demand: each tab's code is a chunk of its own, so the popup loads only
 * the tab it opens on (ARCHITECTURE.md, Budgets: the popup's JavaScript as it opens). `preload()` is awaited
 * before the first render for the tab the popup opens on, so its first frame still shows the cache
 * (main.tsx); other tabs load when chosen, from the extension itself, in a few milliseconds.
 *
 * A view loaded before the first frame only for some members, on top of the tab (e.g. the other
 * accounts' strip), carries the first-frame mark in its header comment (FIRST_FRAME_MARK in
 * scripts/bench/bundle-sizes.ts): the popup's size budget counts it at open, as those members' popup
 * loads it there.
 *
 * A lazily loaded view imports its stylesheet from its tab's static `index.ts`: dynamic imports are
 * plain ones here (scripts/vite/plain-dynamic-imports.ts), and nothing would load a lazy chunk's CSS.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SessionUser } from '@/lib/session/session-model';

export type TabView = ComponentType<{ member: SessionUser }>;

export interface LazyView<Props extends object = { member: SessionUser }> {
  View: ComponentType<Props>;
  /** Loads the view's chunk (once); resolves when it can render. */
  preload(): Promise<void>;
}

/**
 * `prepare`: what else the view's first frame needs, done beside loading its chunk: a tab reads the
 * storage it shows (its list is a chunk of its own, so its items stay out of the popup's entry), so
 * a tab shows its cache in its first frame, never an empty view first, whether the popup opens on it
 * or it is chosen later. A failure leaves the view to read its items itself. (A function, not the
 * items: this module loads in pages without the popup's storage hooks.)
 */
export function lazyView<Props extends object = { member: SessionUser }>(
  load: () => Promise<ComponentType<Props>>,
  prepare?: () => Promise<unknown>,
): LazyView<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), prepare?.().catch(() => undefined)]).then(([view]) => {
      loaded = view;
    });
    return loading;
  };
  function View(props: Props) {
    const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(() => loaded);
    useEffect(() => {
      if (Loaded === null) preload().then(() => setLoaded(() => loaded));
    }, [Loaded]);
    return Loaded === null ? <div class="tab-loading" aria-busy="true" /> : <Loaded {...props} />;
  }
  return { View, preload };
}
