import { t } from '@/lib/i18n';
import { updateFeedSettings } from './FeedFilters';

/** "Hide projects I already loved" (asked for by members of the leading extension), for the three project sections. */
export function HideLovedFilter({ on }: { on: boolean }) {
  return (
    <label class="hide-loved">
      <input
        type="checkbox"
        data-testid="feed-hide-loved"
        checked={on}
        onChange={(event) => {
          const hideLoved = event.currentTarget.checked;
          updateFeedSettings(() => ({ hideLoved }));
        }}
      />
      {t('feed.hideLoved')}
    </label>
  );
}
