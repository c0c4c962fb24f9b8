/**
 * Views inside the popup: a card or a name opens its view on top of the current one (a small
 * history stack, see ExploreTab); links keep their site address, so a middle click, a modified click
 * or "open in new tab" still opens the site.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { DetailSource } from '@/lib/explore/explore-model';

export interface Navigation {
  open(target: DetailSource, opener: HTMLElement | null): void;
  back(): void;
}

export const NavigationContext = createContext<Navigation>({ open: () => undefined, back: () => undefined });

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/** The click handler of a link that opens `target` inside the popup (plain left clicks only). */
export function useViewLink(target: DetailSource): (event: MouseEvent) => void {
  const navigation = useNavigation();
  return (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigation.open(target, event.currentTarget as HTMLElement);
  };
}

/** Parses what a member may paste into the search field: a project, studio or profile address, or a project number. */
export function directTarget(text: string, site: string): DetailSource | null {
  const trimmed = text.trim();
  if (/^\d{1,12}$/.test(trimmed)) return { detail: 'project', id: Number(trimmed) };
  let path: string;
  try {
    const url = new URL(trimmed);
    if (url.origin !== new URL(site).origin && !/(^|\.)scratch\.mit\.edu$/.test(url.hostname)) return null;
    path = url.pathname;
  } catch {
    return null;
  }
  const project = /^\/projects\/(\d{1,12})(\/|$)/.exec(path);
  if (project) return { detail: 'project', id: Number(project[1]) };
  const studio = /^\/studios\/(\d{1,12})(\/|$)/.exec(path);
  if (studio) return { detail: 'studio', id: Number(studio[1]) };
  const user = /^\/users\/([A-Za-z0-9_-]{1,40})(\/|$)/.exec(path);
  if (user) return { detail: 'user', username: user[1] as string };
  return null;
}
