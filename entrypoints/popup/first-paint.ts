/**
 * The popup's first frame shows a screenful: what is below the fold or beside it (the rest of a long
 * list, the cards of a row that scrolls sideways) renders right after that frame is painted, so the
 * first item is painted without waiting for the DOM of a hundred others (scripts/bench/popup.ts).
 */
import { useEffect, useState } from 'preact/hooks';

/** False in a view's first render, true from the render after the browser painted it. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  // Preact runs effects after the frame is painted.
  useEffect(() => setPainted(true), []);
  return painted;
}
