import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { ListEnd } from '@/components/ListEnd';
import { ListStatus } from '@/components/ListStatus';
import { FEED_KINDS } from '@/lib/feed/feed-kinds-model';
import { FEED_MAX_ITEMS, type FeedSettings, type MemberFeed } from '@/lib/feed/feed-model';
import { t } from '@/lib/i18n';
import { markFirstItemPainted } from '../first-item-mark';
import { siteLinks } from '../site-links';
import { ActivityItem } from './ActivityItem';
import { FeedFilters, setKinds } from './FeedFilters';
import { seenAtOpen, visibleActivity } from './feed-data';
import { isNewSince } from './new-items';
import { useRememberSeen } from './remember-seen';

/** Performance mark of the first painted feed item (scripts/bench/popup.ts measures it). */
export const FIRST_ITEM_MARK = 'companion:first-feed-item';
/** Rows in the first frame: a screenful. The rest follow right after it is painted. */
const FIRST_FRAME_ROWS = 12;

/** What's Happening: the followed members' activity, filtered by kind, newest first. */
export function ActivityFeed(props: {
  username: string;
  feed: MemberFeed;
  settings: FeedSettings;
  /** False while the (benchmark-only) network-first popup waits for its read. */
  ready: boolean;
  onRefresh: () => void;
  onMore: () => void;
}) {
  const { username, feed, settings, ready } = props;
  const list = feed.activity;
  const items = ready ? list.items : [];
  const visible = visibleActivity(items, settings);
  const seen = seenAtOpen(username);
  useRememberSeen(username, items);

  const anyItem = visible.length > 0;
  const [allRows, setAllRows] = useState(false);
  useLayoutEffect(() => {
    if (anyItem) markFirstItemPainted(FIRST_ITEM_MARK);
  }, [anyItem]);
  // Preact runs effects after the frame is painted.
  useEffect(() => {
    if (anyItem) setAllRows(true);
  }, [anyItem]);
  const rows = allRows ? visible : visible.slice(0, FIRST_FRAME_ROWS);

  return (
    <>
      <ListStatus list={list} onRefresh={props.onRefresh} />
      <FeedFilters settings={settings} />
      {anyItem ? (
        // Busy until every row is there (a screenful first, the rest after it is painted).
        <ul class="item-list activity-list" aria-busy={allRows ? 'false' : 'true'}>
          {rows.map((event) => (
            <ActivityItem key={String(event.id)} event={event} isNew={isNewSince(event, seen)} />
          ))}
        </ul>
      ) : items.length > 0 ? (
        <Empty block>
          <p>{t('feed.empty.filtered')}</p>
          <button
            type="button"
            class="text-button"
            onClick={() => setKinds(Object.fromEntries(FEED_KINDS.map((kind) => [kind, true])))}
          >
            {t('feed.empty.showAll')}
          </button>
        </Empty>
      ) : list.readAt > 0 && ready ? (
        <Empty block>
          <p class="empty-title">{t('feed.empty.activity')}</p>
          <a href={siteLinks.scratchersToFollow()} target="_blank" rel="noreferrer">
            {t('feed.empty.findPeople')}
          </a>
        </Empty>
      ) : list.error === null ? (
        <Empty loading>{t('feed.loading')}</Empty>
      ) : null}
      {/* Not before every row is there: the end must come into view by scrolling, not by a short first frame. */}
      {ready && (allRows || !anyItem) && (
        <ListEnd list={list} onMore={props.onMore} maxItems={FEED_MAX_ITEMS} moreHref={siteLinks.home()} />
      )}
    </>
  );
}
