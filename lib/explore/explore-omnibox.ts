/**
 * The address-bar keyword (manifest `omnibox.keyword`): after the keyword, the member types words;
 * once typing settles, projects matching them are suggested (through the explore service, so the
 * search page is cached and shared with the popup); a suggestion opens its project, Enter on the
 * typed text opens the site's search for it.
 */
import type { SiteProfile } from '@/lib/config';
import { exploreCacheItem } from '@/lib/explore/explore-storage';
import { t } from '@/lib/i18n';
import { settledSearch, type Timers } from '../concurrency/settled-search';
import type { ExploreService } from './explore';
import { listKey, normalizeQuery, siteLanguage } from './explore-keys-model';
import type { ExploreItem, ListSource } from './explore-model';

/** Suggestions shown under the address bar. */
export const OMNIBOX_SUGGESTIONS = 6;

export interface Suggestion {
  content: string;
  description: string;
}

export interface OmniboxPorts {
  /** Projects matching the words, best first. */
  search(query: string): Promise<ExploreItem[]>;
  /** Opens a URL as the address bar asks (this tab, a new one, in the background). */
  open(url: string, disposition: string): Promise<void>;
  /** Chrome reads descriptions as XML (`<match>`, `<dim>`); Firefox as plain text. */
  xmlDescriptions: boolean;
  timers?: Timers;
}

/** Text for Chrome's XML descriptions: the five XML characters escaped. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** The search a typed text stands for: popular projects in the member's language first. */
export function omniboxSource(query: string, language: string): ListSource {
  return { source: 'search', kind: 'projects', query: normalizeQuery(query), mode: 'popular', language };
}

export function omniboxHandlers(profile: SiteProfile, ports: OmniboxPorts) {
  const projectUrl = (id: number) => `${profile.site}/projects/${id}/`;
  const describe = (title: string, author: string) => {
    const text = t('explore.omnibox.suggestion', [title, author]);
    return ports.xmlDescriptions ? escapeXml(text) : text;
  };
  let suggest: ((suggestions: Suggestion[]) => void) | null = null;
  const search = settledSearch<string, Suggestion[]>({
    run: async (query) => {
      const items = await ports.search(query);
      return items
        .filter((item) => item.type === 'project')
        .slice(0, OMNIBOX_SUGGESTIONS)
        .map((project) => ({
          content: projectUrl(project.id),
          description: describe(project.title, project.author),
        }));
    },
    // Only the newest text's answer reaches the address bar.
    onAnswer: (suggestions) => suggest?.(suggestions),
    timers: ports.timers,
  });

  return {
    inputChanged(text: string, suggestFn: (suggestions: Suggestion[]) => void) {
      suggest = suggestFn;
      if (normalizeQuery(text) === '') {
        search.cancel();
        return;
      }
      search.push(text);
    },
    inputEntered(text: string, disposition: string) {
      search.cancel();
      const trimmed = text.trim();
      // A suggestion carries its project's address; anything else is words to search on the site.
      const url =
        trimmed.startsWith(`${profile.site}/projects/`) &&
        /^\/projects\/\d+\/$/.test(trimmed.slice(profile.site.length))
          ? trimmed
          : `${profile.site}/search/projects?q=${encodeURIComponent(normalizeQuery(trimmed))}`;
      return ports.open(url, disposition);
    },
  };
}

export function registerOmnibox({
  profile,
  service,
}: {
  profile: SiteProfile;
  service: ExploreService;
}): void {
  if (browser.omnibox === undefined) return;
  const language = () => siteLanguage(browser.i18n.getUILanguage());
  const handlers = omniboxHandlers(profile, {
    async search(query) {
      const source = omniboxSource(query, language());
      await service.refreshList(source);
      const cache = await exploreCacheItem.getValue();
      return cache.lists[listKey(source)]?.items ?? [];
    },
    async open(url, disposition) {
      if (disposition === 'currentTab') await browser.tabs.update({ url });
      else await browser.tabs.create({ url, active: disposition !== 'newBackgroundTab' });
    },
    xmlDescriptions: !import.meta.env.FIREFOX,
  });
  browser.omnibox.setDefaultSuggestion({ description: t('explore.omnibox.default') });
  browser.omnibox.onInputChanged.addListener((text, suggest) => handlers.inputChanged(text, suggest));
  browser.omnibox.onInputEntered.addListener((text, disposition) => {
    handlers
      .inputEntered(text, disposition)
      .catch((error: unknown) => console.warn('[companion] omnibox: could not open:', error));
  });
}
