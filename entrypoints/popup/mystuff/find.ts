/**
 * Search and sorting in the My Stuff tab (popup state only, never stored): a project matches when
 * every word of the query is in its title, ignoring case and accents (entrypoints/popup/folded-text.ts, as the
 * Messages tab's search). Pure.
 */
import { folded, searchTerms } from '@/entrypoints/popup/folded-text';
import type { MyProject } from '@/lib/mystuff/mystuff-model';

export type MyStuffSort = 'newest' | 'loves' | 'views';
export const MY_STUFF_SORTS: readonly MyStuffSort[] = ['newest', 'loves', 'views'];

const sharedTime = (project: MyProject) => {
  const time = project.sharedAt === null ? Number.NaN : Date.parse(project.sharedAt);
  return Number.isFinite(time) ? time : Number.NEGATIVE_INFINITY;
};

/** Larger first; a count the interface left out comes after every count. */
const byCount = (name: 'loves' | 'views') => (a: MyProject, b: MyProject) =>
  (b.stats[name] ?? -1) - (a.stats[name] ?? -1);
const byNewest = (a: MyProject, b: MyProject) => sharedTime(b) - sharedTime(a) || 0;

const ORDERS: Record<MyStuffSort, (a: MyProject, b: MyProject) => number> = {
  newest: byNewest,
  loves: (a, b) => byCount('loves')(a, b) || byNewest(a, b),
  views: (a, b) => byCount('views')(a, b) || byNewest(a, b),
};

/**
 * The projects whose title holds every word of `query`, in the order `sort` asks for (newest:
 * most recently shared first; ties keep the service's order).
 */
export function findProjects(projects: readonly MyProject[], query: string, sort: MyStuffSort): MyProject[] {
  const terms = searchTerms(query);
  const found =
    terms.length === 0
      ? projects.slice()
      : projects.filter((project) => {
          const title = folded(project.title).text;
          return terms.every((term) => title.includes(term));
        });
  // Array.prototype.sort is stable: equal projects keep the order the service sent them in.
  return found.sort(ORDERS[sort]);
}
