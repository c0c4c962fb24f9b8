/**
 * The performance marks scripts/bench/popup.ts reads: each tab marks the frame that paints its first
 * item, the same way, so every tab is timed alike (and against the empty popup's first paint).
 */

/** Marks, once per popup, the frame about to paint: call it from a layout effect of the render that shows the item. */
export function markFirstItemPainted(mark: string): void {
  // The animation frame runs just before the frame's paint.
  requestAnimationFrame(() => {
    if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
  });
}
