/** Orders ISO date strings (they sort as text; `localeCompare` would be needlessly slow here). */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
