import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SessionUser } from '@/lib/storage';

type View = ComponentType<{ member: SessionUser }>;

let loaded: View | null = null;
let loading: Promise<View> | null = null;

/** Starts loading the Explore view's chunk (once); resolves with the view. */
export function loadExploreTab(): Promise<View> {
  loading ??= import('./ExploreTab').then((module) => {
    loaded = module.ExploreTab;
    return loaded;
  });
  return loading;
}

/** The Explore tab's view, rendered as soon as its chunk is in (a few milliseconds, from the extension itself). */
export function LazyExploreTab({ member }: { member: SessionUser }) {
  const [View, setView] = useState<View | null>(() => loaded);
  useEffect(() => {
    if (View === null) loadExploreTab().then((view) => setView(() => view));
  }, [View]);
  return View === null ? <div class="explore" aria-busy="true" /> : <View member={member} />;
}
