import { Chip } from '@/components/Chip';
import { FEED_KINDS } from '@/lib/feed/feed-kinds-model';
import type { FeedKind, FeedSettings } from '@/lib/feed/feed-model';
import { feedSettingsItem } from '@/lib/feed/feed-storage';
import { t } from '@/lib/i18n';

const LABEL_KEYS = {
  follows: 'feed.filters.follows',
  loves: 'feed.filters.loves',
  favorites: 'feed.filters.favorites',
  remixes: 'feed.filters.remixes',
  shares: 'feed.filters.shares',
  studios: 'feed.filters.studios',
} as const satisfies Record<FeedKind, string>;

/** The writes of the filters, one after another: two quick clicks each read what the other wrote. */
let writes: Promise<void> = Promise.resolve();

/** Changes the stored feed settings (sync storage: they follow the member to their other browsers). */
export function updateFeedSettings(change: (current: FeedSettings) => Partial<FeedSettings>): Promise<void> {
  writes = writes
    .catch(() => undefined)
    .then(async () => {
      const current = await feedSettingsItem.getValue();
      await feedSettingsItem.setValue({ ...current, ...change(current) });
    });
  return writes;
}

/** Stores the filters of kinds. */
export function setKinds(change: Partial<Record<FeedKind, boolean>>): Promise<void> {
  return updateFeedSettings((current) => ({ kinds: { ...current.kinds, ...change } }));
}

/** One toggle per kind of event, remembered across opens. */
export function FeedFilters({ settings }: { settings: FeedSettings }) {
  return (
    <fieldset class="feed-filters">
      <legend class="feed-filters-label">{t('feed.filtersLabel')}</legend>
      {FEED_KINDS.map((kind) => {
        const shown = settings.kinds[kind];
        return (
          <Chip
            key={kind}
            pressed={shown}
            data={{ 'data-testid': 'feed-filter', 'data-kind': kind }}
            onToggle={() => setKinds({ [kind]: !shown })}
          >
            {t(LABEL_KEYS[kind])}
          </Chip>
        );
      })}
    </fieldset>
  );
}
