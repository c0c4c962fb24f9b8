import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DetailSource } from '@/lib/explore/explore-model';
import type { SessionUser } from '@/lib/session/session-model';
import { MemberContext } from './explore-data';
import { Home } from './Home';
import { type Navigation, NavigationContext } from './navigation';

/** Views kept on the stack (the oldest views above the home are dropped first). */
const MAX_DEPTH = 8;

interface Entry {
  id: number;
  /** null: the home view (search, featured, explore). */
  target: DetailSource | null;
  /** Where the page was scrolled when the member left this view. */
  scrollTop: number;
  /** What opened the view above this one: the focus returns there on the way back. */
  opener: HTMLElement | null;
}

type DetailViews = typeof import('./detail-views');
/** The detail views' chunk, once loaded: a view is pushed only then, so it renders (and takes the focus) at once. */
let detailViews: DetailViews | null = null;
const loadDetailViews = () =>
  import('./detail-views').then((module) => {
    detailViews = module;
  });

const scroller = () => document.scrollingElement ?? document.documentElement;

/**
 * The Explore tab: a small history stack of views (home, then projects, people and studios opened
 * from it). Every view on the stack stays mounted (hidden), so going back shows it as it was, its
 * scroll position restored and the focus on what opened the next view; Back and Escape go back.
 */
export function ExploreTab({ member }: { member: SessionUser }) {
  const nextId = useRef(1);
  const [stack, setStack] = useState<Entry[]>([{ id: 0, target: null, scrollTop: 0, opener: null }]);
  /** What to do once the new top view has rendered. */
  const after = useRef<{ scrollTop: number; focus: HTMLElement | null } | null>(null);

  const open = useCallback((target: DetailSource, opener: HTMLElement | null) => {
    if (detailViews === null) {
      loadDetailViews().then(() => open(target, opener), console.error);
      return;
    }
    const scrollTop = scroller().scrollTop;
    after.current = { scrollTop: 0, focus: null };
    setStack((current) => {
      const top = current[current.length - 1] as Entry;
      const kept = [...current.slice(0, -1), { ...top, scrollTop, opener }];
      const entry: Entry = { id: nextId.current++, target, scrollTop: 0, opener: null };
      const next = [...kept, entry];
      // The home stays; the oldest views above it go.
      return next.length > MAX_DEPTH ? [next[0] as Entry, ...next.slice(next.length - MAX_DEPTH + 1)] : next;
    });
  }, []);

  const back = useCallback(() => {
    setStack((current) => {
      if (current.length <= 1) return current;
      const next = current.slice(0, -1);
      const top = next[next.length - 1] as Entry;
      after.current = { scrollTop: top.scrollTop, focus: top.opener };
      return next;
    });
  }, []);

  const navigation = useMemo<Navigation>(() => ({ open, back }), [open, back]);
  const top = stack[stack.length - 1] as Entry;

  useLayoutEffect(() => {
    const pending = after.current;
    if (pending === null) return;
    after.current = null;
    scroller().scrollTop = pending.scrollTop;
    if (pending.focus?.isConnected) {
      pending.focus.focus({ preventScroll: true });
    } else {
      // A new view takes the focus (named by its title), so a screen reader says where the member is.
      document
        .querySelector<HTMLElement>(`[data-view-id="${top.id}"] article`)
        ?.focus({ preventScroll: true });
    }
  }, [top.id]);

  useEffect(() => {
    // The search field and a view's bar stick right below the frame's tab bar, whose height is the frame's.
    // Measured after the first frame is painted (an effect): measuring before it made the browser lay the
    // whole tab out twice before its first paint; nothing sticks before the member scrolls.
    const tabs = document.querySelector<HTMLElement>('.popup-tabs');
    if (tabs !== null) {
      document.documentElement.style.setProperty(
        '--explore-sticky-top',
        `calc(var(--header-height) + ${tabs.offsetHeight}px)`,
      );
    }
  }, []);

  useEffect(() => {
    if (stack.length <= 1) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      back();
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, [stack.length > 1, back]);

  return (
    <MemberContext.Provider value={member.username}>
      <NavigationContext.Provider value={navigation}>
        <div class="explore" data-testid="explore" data-depth={String(stack.length - 1)}>
          {stack.map((entry) => {
            const active = entry === top;
            const uid = `x${entry.id}`;
            const target = entry.target;
            // Not null once a view is on the stack (`open` loads them first).
            const { ProjectView, UserView, StudioView } = detailViews ?? ({} as DetailViews);
            return (
              <div key={entry.id} data-view-id={entry.id} hidden={!active}>
                {target === null ? (
                  <Home uid={uid} />
                ) : target.detail === 'project' ? (
                  <ProjectView uid={uid} id={target.id} member={member.username} />
                ) : target.detail === 'user' ? (
                  <UserView uid={uid} username={target.username} />
                ) : (
                  <StudioView uid={uid} id={target.id} />
                )}
              </div>
            );
          })}
        </div>
      </NavigationContext.Provider>
    </MemberContext.Provider>
  );
}
