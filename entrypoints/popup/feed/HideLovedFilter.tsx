import { t } from '@/lib/i18n';
import { feedSettingsItem } from '@/lib/storage';

/** Stores the filter (sync storage, with the feed's other filters: it follows the member). */
async function setHideLoved(hideLoved: boolean): Promise<void> {
  const current = await feedSettingsItem.getValue();
  await feedSettingsItem.setValue({ ...current, hideLoved });
}

/** "Hide projects I already loved" (the leading extension's #5506), for the three project sections. */
export function HideLovedFilter({ on }: { on: boolean }) {
  return (
    <label class="hide-loved">
      <input
        type="checkbox"
        data-testid="feed-hide-loved"
        checked={on}
        onChange={(event) => setHideLoved(event.currentTarget.checked)}
      />
      {t('feed.hideLoved')}
    </label>
  );
}
