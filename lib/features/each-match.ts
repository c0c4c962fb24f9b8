/** Calls `each` for `root` if it matches `selector`, then for every element under it that does. */
export function forEachMatch(root: ParentNode, selector: string, each: (element: Element) => void): void {
  if (root instanceof Element && root.matches(selector)) each(root);
  for (const element of root.querySelectorAll(selector)) each(element);
}
