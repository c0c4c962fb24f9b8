import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { Searching } from './search-marks';

/**
 * The search box over every cached message: its rules (search.ts) load when it first takes the
 * focus; "/" brings the focus to it unless the member is typing somewhere; Escape clears it, and in
 * an empty box leaves it.
 */
export function MessagesSearch({
  query,
  onQuery,
  onRules,
}: {
  query: string;
  onQuery: (query: string) => void;
  onRules: (rules: Searching['rules']) => void;
}) {
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Keyboard first: "/" goes to the search box, unless the member is typing somewhere.
    const slash = (event: KeyboardEvent) => {
      if (event.key !== '/' || (event.target as Element).closest?.('input,textarea,select,[contenteditable]'))
        return;
      event.preventDefault();
      searchBox.current?.focus();
    };
    document.addEventListener('keydown', slash);
    return () => document.removeEventListener('keydown', slash);
  }, []);
  return (
    <label class="messages-filter messages-search">
      <span>{t('messagesSearch.label')}</span>
      <input
        ref={searchBox}
        type="search"
        data-testid="messages-search"
        aria-keyshortcuts="/"
        value={query}
        onFocus={() => void import('./search').then(onRules, console.error)}
        onInput={(event) => onQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Escape clears the box; in an empty box, it leaves it.
          event.preventDefault();
          event.stopPropagation();
          if (query === '') event.currentTarget.blur();
          else onQuery('');
        }}
      />
    </label>
  );
}
