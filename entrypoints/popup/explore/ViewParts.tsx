import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formatNumber, plural, t } from '@/lib/i18n';
import { useNavigation } from './navigation';

/** The bar above a view: back (also Escape) and a link to the same page on the site. */
export function ViewBar({ href }: { href: string }) {
  const navigation = useNavigation();
  return (
    <div class="x-viewbar">
      <button type="button" class="x-back" data-testid="back" onClick={() => navigation.back()}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            d="M10 3 5 8l5 5"
            fill="none"
            stroke="currentColor"
            stroke-width="1.8"
            stroke-linecap="round"
            stroke-linejoin="round"
          />
        </svg>
        {t('explore.back')}
      </button>
      <a class="x-onsite" href={href} target="_blank" rel="noreferrer" data-testid="open-on-site">
        {t('explore.openOnSite')}
      </a>
    </div>
  );
}

const SHORT = 420;

/** A remote text as text (line breaks kept); a long one shows its beginning and a button for the rest. */
export function LongText({ text, testId }: { text: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > SHORT + 80;
  return (
    <div class="x-text" data-testid={testId}>
      <p>{long && !open ? `${text.slice(0, SHORT).trimEnd()}…` : text}</p>
      {long && (
        <button type="button" class="text-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('explore.showLess') : t('explore.showMore')}
        </button>
      )}
    </div>
  );
}

type StatKey =
  | 'explore.stats.views'
  | 'explore.stats.loves'
  | 'explore.stats.favorites'
  | 'explore.stats.remixes'
  | 'explore.stats.followers'
  | 'explore.stats.projects'
  | 'explore.stats.managers'
  | 'explore.stats.comments';

/** One number of a stats row, with its words for screen readers and on hover. */
export function Stat({ icon, count, label }: { icon: string; count: number | undefined; label: StatKey }) {
  if (count === undefined) return null;
  const words = plural(label, count);
  return (
    <li
      class="x-stat"
      title={words}
      data-stat={label.slice('explore.stats.'.length)}
      data-count={String(count)}
    >
      <span class="x-stat-icon" aria-hidden="true">
        {icon}
      </span>
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span class="visually-hidden">{words}</span>
    </li>
  );
}

export function Stats({ children }: { children: ComponentChildren }) {
  return <ul class="x-stats">{children}</ul>;
}

/** While a view's first read runs. */
export function ViewLoading() {
  return (
    <p class="empty loading" role="status">
      <span class="spinner" aria-hidden="true" /> {t('explore.list.loading')}
    </p>
  );
}
