/**
 * What the Messages tab says while a search is on: how many cached messages it searches, and that
 * none matches. With the search's rules in their chunk (./search.ts): a search can only be on once
 * that chunk is there, so the tab's own chunk does not carry them.
 */
import { Empty } from '@/components/Empty';
import { plural, t } from '@/lib/i18n';
import { siteLinks } from '../site-links';

/** "Searches the 160 messages Companion keeps (up to 200)". */
export function SearchNote({ cached }: { cached: number }) {
  return (
    <p class="messages-filter messages-search-note" data-testid="messages-search-note">
      {plural('messagesSearch.cached', cached)}
    </p>
  );
}

/** No message matches `query`: the way to the site's messages page. */
export function NoMatch({ query }: { query: string }) {
  return (
    <Empty block>
      <p data-testid="messages-search-empty">{t('messagesSearch.none', [query])}</p>
      <a href={siteLinks.messages()} target="_blank" rel="noreferrer">
        {t('messagesTab.openMessagesPage')}
      </a>
    </Empty>
  );
}
