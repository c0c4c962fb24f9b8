import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { LineIcon } from '@/components/LineIcon';
import { TextTranslation } from '@/components/TextTranslation';
import type { ExploreError } from '@/lib/explore/explore-model';
import { formatNumber, plural, t } from '@/lib/i18n';
import { ExploreErrorLine } from './ExploreErrorLine';
import { useNavigation } from './navigation';

// The parts of the views Explore opens on top of its home: they load with those views (detail-views.ts),
// not with the tab; the one the home's lists show too is a file of its own (ViewLoading.tsx).

/** The bar above a view: back (also Escape) and a link to the same page on the site. */
export function ViewBar({ href }: { href: string }) {
  const navigation = useNavigation();
  return (
    <div class="x-viewbar">
      <button type="button" class="x-back" data-testid="back" onClick={() => navigation.back()}>
        <LineIcon d="M10 3 5 8l5 5" stroke={1.8} />
        {t('explore.back')}
      </button>
      <a class="x-onsite" href={href} target="_blank" rel="noreferrer" data-testid="open-on-site">
        {t('explore.openOnSite')}
      </a>
    </div>
  );
}

const SHORT = 420;

/**
 * A remote text as text (line breaks kept); a long one shows its beginning and a button for the
 * rest. Its Translate button translates the whole text.
 */
export function LongText({ text, testId }: { text: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > SHORT + 80;
  return (
    <div class="x-text" data-testid={testId}>
      {/* The member's own words: their direction, not the popup's (a bio may be Arabic). */}
      <p dir="auto">{long && !open ? `${text.slice(0, SHORT).trimEnd()}…` : text}</p>
      {long && (
        <button type="button" class="text-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('explore.showLess') : t('explore.showMore')}
        </button>
      )}
      <TextTranslation text={text} />
    </div>
  );
}

/** A titled section of a view holding a long remote text; nothing when the text is blank. */
export function TextSection({ heading, text, testId }: { heading: string; text: string; testId: string }) {
  if (text.trim() === '') return null;
  return (
    <section class="x-block">
      <h2 class="x-heading">{heading}</h2>
      <LongText text={text} testId={testId} />
    </section>
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

/** Small line icons (no emoji: not every system has a font for them). */
const ICONS = {
  views:
    'M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  loves: 'M8 13.5S2 10 2 6.2A3 3 0 0 1 8 5a3 3 0 0 1 6 1.2C14 10 8 13.5 8 13.5z',
  favorites: 'M8 2l1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3l-3.7 2 .8-4.1L2 6.3l4.2-.5z',
  remixes: 'M3 5h7l-2-2m2 2-2 2M13 11H6l2-2m-2 2 2 2',
  people:
    'M5.5 7.5a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4zM1.5 13c.4-2.3 2-3.6 4-3.6s3.6 1.3 4 3.6M10.5 7.3a2 2 0 1 0 0-4M12 9.6c1.4.4 2.3 1.6 2.5 3.4',
  projects: 'M2.5 3.5h11v9h-11zM2.5 6.5h11',
  comments: 'M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z',
} as const;
export type IconName = keyof typeof ICONS;

export function Icon({ name }: { name: IconName }) {
  return (
    <LineIcon
      class="x-icon"
      d={ICONS[name]}
      size={14}
      stroke={1.4}
      filled={name === 'loves' || name === 'favorites'}
    />
  );
}

/** One number of a stats row, with its words for screen readers and on hover. */
export function Stat({ icon, count, label }: { icon: IconName; count: number | undefined; label: StatKey }) {
  if (count === undefined) return null;
  const words = plural(label, count);
  return (
    <li
      class="x-stat"
      title={words}
      data-stat={label.slice('explore.stats.'.length)}
      data-count={String(count)}
    >
      <span class="x-stat-icon">
        <Icon name={icon} />
      </span>
      <span aria-hidden="true">{formatNumber(count)}</span>
      <span class="visually-hidden">{words}</span>
    </li>
  );
}

export function Stats({ children }: { children: ComponentChildren }) {
  return <ul class="x-stats">{children}</ul>;
}

/**
 * A view whose read failed: its heading (the view's name, hidden when it would only repeat the
 * address), what went wrong, and a retry unless the page does not exist.
 */
export function ViewError(props: {
  titleId: string;
  title: ComponentChildren;
  titleHidden?: boolean;
  error: ExploreError;
  onRetry: () => void;
}) {
  return (
    <div class="x-view-body">
      <h1 id={props.titleId} class={props.titleHidden ? 'visually-hidden' : 'x-title'}>
        {props.title}
      </h1>
      <ExploreErrorLine
        error={props.error}
        onRetry={props.error.kind === 'not-found' ? undefined : props.onRetry}
      />
    </div>
  );
}
