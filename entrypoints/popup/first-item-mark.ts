/**
 * The performance marks scripts/bench/popup.ts reads: each tab marks the frame that paints its first
 * item, the same way, so every tab is timed alike (and against the empty popup's first paint). The
 * first item may be painted by the member's snapshot before the app runs (first-frame-snapshot.ts,
 * which sets the same mark); the app's own first item is marked apart, `<mark>:app`.
 */

/** Marks, once per popup, the frame about to paint: call it from a layout effect of the render that shows the item. */
export function markFirstItemPainted(mark: string): void {
  // The animation frame runs just before the frame's paint.
  requestAnimationFrame(() => {
    for (const name of [mark, `${mark}:app`])
      if (performance.getEntriesByName(name).length === 0) performance.mark(name);
  });
}
