import { t } from '@/lib/i18n';

/**
 * While a view's or a list's first read runs: a spinner and a sentence, announced politely. A file
 * of its own: the home's lists show it, so it loads with the Explore tab, while the rest of the
 * views' parts (ViewParts.tsx) load with the views Explore opens (detail-views.ts).
 */
export function ViewLoading() {
  return (
    <p class="empty loading" role="status">
      <span class="spinner" aria-hidden="true" /> {t('explore.list.loading')}
    </p>
  );
}
