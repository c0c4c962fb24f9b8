import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { ListStatus } from '@/components/ListStatus';
import { t } from '@/lib/i18n';
import { unreadOfList } from '@/lib/message-count/honest-count-model';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { isMuted } from '@/lib/message-count/mutes-model';
import { groupMessages, type MessageRow } from '@/lib/messages/message-groups-model';
import {
  isMessageFilter,
  MESSAGES_MAX_ITEMS,
  type MessageFilter,
  matchesFilter,
  sentTypeOf,
  unlistedOf,
  unreadIds,
} from '@/lib/messages/messages-model';
import { messageDraftsItem, messagesCacheItem, messagesFilterItem } from '@/lib/messages/messages-storage';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../background-messages';
import { markFirstItemPainted } from '../first-item-mark';
import { usePainted } from '../first-paint';
import { lazyView } from '../lazy-view';
import { useStorageItem } from '../storage-hooks';
import { messageLinks, siteOrigins } from './links';
import { MarkAllRead } from './MarkAllRead';
import { MessageGroupRow } from './MessageGroup';
import { MessageItem } from './MessageItem';
import { MessagesSearch } from './MessagesSearch';
import { MessagesToolbar } from './MessagesToolbar';
import { useMemberMessages } from './messages-data';
import { MuteButton, useMuteActions } from './mute-button';
import { useMutes } from './mutes-data';
import { type Searching, SearchTerms } from './search-marks';

/** Performance mark of the first painted message (scripts/bench/popup-messages.ts measures it). */
export const FIRST_MESSAGE_MARK = 'companion:first-messages-item';
/** Rows in the first frame: a screenful. The rest follow right after it is painted (first-paint.ts). */
const FIRST_FRAME_ROWS = 10;

/** The team's alerts, the invitation, what cannot be shown: their own chunk, loaded only when any is there. */
const BeyondTheListView = lazyView(() =>
  import('./BeyondTheList').then((module) => module.BeyondTheList),
).View;

/** The list's end: below the first screenful, its chunk loads right after the first frame. */
const ListEndView = lazyView<Parameters<typeof import('./MessagesListEnd').MessagesListEnd>[0]>(() =>
  import('./MessagesListEnd').then((module) => module.MessagesListEnd),
).View;

/** Failures are recorded in the list's `error`; a background that is not there shows in the frame. */
const ask = (promise: Promise<void>) => promise.catch(() => undefined);

/**
 * The Messages tab: the member's messages in the site's words, newest first, the unread ones marked,
 * follows, a project's loves, a studio's activity, a topic's posts grouped (message-groups-model.ts),
 * each group opening into its messages; the site's filter; comment messages open their
 * conversation to reply or delete in place. Paints the cache at once, then refreshes (the service
 * skips a read younger than its freshness window).
 */
export function MessagesTab({ member }: { member: SessionUser }) {
  const { username } = member;
  const list = useMemberMessages(username);
  const cache = useStorageItem(messagesCacheItem);
  const alerts = Object.hasOwn(cache, username) ? cache[username]?.alerts : undefined;
  const countState = useStorageItem(messageCountItem);
  const mine = countState.username === username;
  const mutes = useMutes();
  const foldToggle = useRef<HTMLButtonElement>(null);
  /** A message was just muted: the focus goes to the fold it went into (its button left the list). */
  const focusFold = useRef(false);
  const storedFilter = useStorageItem(messagesFilterItem);
  const filter: MessageFilter = isMessageFilter(storedFilter) ? storedFilter : 'all';
  const drafts = useStorageItem(messageDraftsItem);
  const draftKeys = useMemo(
    () => (Object.hasOwn(drafts, username) ? Object.keys(drafts[username] ?? {}) : []),
    [drafts, username],
  );

  useEffect(() => {
    ask(sendMessage('refreshMessages', {}));
  }, [username]);

  const refresh = useCallback(() => ask(sendMessage('refreshMessages', { force: true })), []);
  const more = useCallback(() => ask(sendMessage('loadMoreMessages', undefined)), []);

  // The unread messages are the list's first `count - alerts - invitation`
  // (lib/message-count/honest-count-model.ts).
  const unreadOf = useMemo(
    () => unreadOfList(mine ? countState.count : null, alerts, list),
    [mine, countState, alerts, list],
  );
  // The search (popup state only): over every cached message, whatever the filter.
  const [query, setQuery] = useState('');
  const [rules, setRules] = useState<Searching['rules'] | null>(null);
  const search = useMemo(
    () => (rules === null ? null : { rules, terms: rules.searchTerms(query) }),
    [rules, query],
  );
  const terms = search?.terms ?? [];
  // A search is on: its rules' chunk is here, with what the tab says meanwhile (search-notes.tsx).
  const searching = terms.length > 0 ? search?.rules : undefined;
  const { rows, folded, foldedCount, foldedUnread } = useMemo(() => {
    const unread = unreadIds(list.items, unreadOf.marked);
    const shown = terms.length > 0 ? 'all' : filter;
    // Matched one by one, then grouped: a group holds the messages shown, its count is theirs.
    const matching = list.items.filter(
      (message) =>
        matchesFilter(sentTypeOf(message), shown) && (search?.rules.messageMatches(message, terms) ?? true),
    );
    const muted = matching.filter((message) => isMuted(message, mutes));
    return {
      rows: groupMessages(
        matching.filter((message) => !isMuted(message, mutes)),
        unread,
      ),
      folded: groupMessages(muted, unread),
      foldedCount: muted.length,
      foldedUnread: muted.filter((message) => unread.has(message.id)).length,
    };
  }, [list.items, unreadOf.marked, filter, mutes, search]);
  const rowKey = (row: MessageRow) =>
    row.kind === 'group' ? `g${row.messages[0]?.id}` : `m${row.message.id}`;
  /** A row of the list or of the fold, a group or one message, with `actionsOf` its menu or buttons. */
  const rowOf = (row: MessageRow, actionsOf: (row: MessageRow) => ComponentChildren) =>
    row.kind === 'group' ? (
      <MessageGroupRow key={rowKey(row)} row={row} member={member} drafts={draftKeys} actionsOf={actionsOf} />
    ) : (
      <MessageItem key={rowKey(row)} row={row} member={member} drafts={draftKeys} actions={actionsOf(row)} />
    );
  // The fold and its Unmute buttons come with the mute actions' chunk, loaded once anything is muted.
  const muteActions = useMuteActions(foldedCount > 0);
  const unmuteButtons = (row: MessageRow) =>
    muteActions && <muteActions.UnmuteButtons row={row} mutes={mutes} />;
  const muteButton = (row: MessageRow) => (
    <MuteButton
      row={row}
      me={username}
      onMute={() => {
        focusFold.current = true;
      }}
    />
  );

  useEffect(() => {
    if (focusFold.current && foldToggle.current !== null) {
      focusFold.current = false;
      foldToggle.current.focus();
    }
  }, [foldedCount]);

  const anyRow = rows.length > 0;
  const painted = usePainted();
  useLayoutEffect(() => {
    if (anyRow) markFirstItemPainted(FIRST_MESSAGE_MARK);
  }, [anyRow]);

  return (
    <div class="messages">
      <ListStatus list={list} onRefresh={refresh} />
      <MessagesToolbar filter={filter} />
      {/* Only while the site holds unread messages that marking read would clear. */}
      {mine && (countState.count ?? 0) > unlistedOf(alerts) && <MarkAllRead member={username} />}
      <MessagesSearch query={query} onQuery={setQuery} onRules={setRules} />
      {searching && <searching.SearchNote cached={list.items.length} />}
      {(unreadOf.cannotShow > 0 || unlistedOf(alerts) > 0) && (
        <BeyondTheListView
          member={member}
          alerts={alerts}
          cannotShow={unreadOf.cannotShow}
          origins={siteOrigins()}
        />
      )}
      <SearchTerms.Provider value={search}>
        {anyRow || foldedCount > 0 ? (
          <>
            {foldedCount > 0 && muteActions && (
              <muteActions.MutedFold count={foldedCount} unread={foldedUnread} toggleRef={foldToggle}>
                {folded.map((row) => rowOf(row, unmuteButtons))}
              </muteActions.MutedFold>
            )}
            {anyRow && (
              // Busy until every row is there (a screenful first, the rest after it is painted).
              <ul class="item-list message-list" aria-busy={painted ? 'false' : 'true'}>
                {(painted ? rows : rows.slice(0, FIRST_FRAME_ROWS)).map((row) => rowOf(row, muteButton))}
              </ul>
            )}
          </>
        ) : searching ? (
          <searching.NoMatch query={query.trim()} />
        ) : list.items.length > 0 ? (
          <Empty block>
            <p>{t('messagesTab.filteredEmpty')}</p>
            <button type="button" class="text-button" onClick={() => void messagesFilterItem.setValue('all')}>
              {t('messagesTab.showAll')}
            </button>
          </Empty>
        ) : list.readAt > 0 ? (
          <Empty>{t('messagesTab.empty')}</Empty>
        ) : list.error === null ? (
          <Empty loading>{t('messagesTab.loading')}</Empty>
        ) : null}
      </SearchTerms.Provider>
      <ListEndView list={list} onMore={more} maxItems={MESSAGES_MAX_ITEMS} moreHref={messageLinks.home()} />
    </div>
  );
}
