/**
 * What the Explore views read: the explore service's storage items (written only by the background)
 * and the messages that ask it for fresh data. A view never builds a URL of the REST interface.
 */
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useMemo } from 'preact/hooks';
import { detailKey, isPublicList, listKey, siteLanguage } from '@/lib/explore/explore-keys-model';
import {
  type DetailEntry,
  type DetailOf,
  type DetailSource,
  defaultExploreSettings,
  type ExploreList,
  type ExploreSettings,
  type ListSource,
} from '@/lib/explore/explore-model';
import { exploreCacheItem, exploreSettingsItem, exploreViewsItem } from '@/lib/explore/explore-storage';
import { uiLanguage } from '@/lib/i18n';
import { ownEntry } from '@/lib/storage/own-entry';
import { sendMessage } from '../background-messages';
import { useStorageItem } from '../storage-hooks';

/**
 * When this popup opened: what the service read since is this popup's, and is not read again (a
 * view is cached for the popup's life).
 */
export const OPENED_AT = Math.floor(performance.timeOrigin);

/** Failures are recorded beside the data; a background that does not answer shows in the frame. */
export const ask = (promise: Promise<unknown>) => {
  promise.catch(() => undefined);
};

/** The member whose views are shown (another member's never are). */
export const MemberContext = createContext<string>('');

export function useSettings(): ExploreSettings {
  const stored = useStorageItem(exploreSettingsItem);
  return useMemo(() => ({ ...defaultExploreSettings, ...stored }), [stored]);
}

export function setSettings(change: Partial<ExploreSettings>): void {
  void exploreSettingsItem
    .getValue()
    .then((current) => exploreSettingsItem.setValue({ ...current, ...change }));
}

/** The language explore and search ask for: the member's choice, else the browser's. */
export function effectiveLanguage(settings: ExploreSettings): string {
  return settings.language === '' ? siteLanguage(uiLanguage()) : settings.language;
}

/**
 * How long until a list the service asked to slow down for may be read again (ms from `now`), or
 * null when its error is not such a wait: the view reads it again by itself then, as its sentence
 * says ("It will try again in N seconds").
 */
export function rateLimitRetryDelay(error: ExploreList['error'], now: number): number | null {
  if (error?.kind !== 'rate-limited' || error.retryAfterMs === undefined) return null;
  return Math.max(0, error.at + error.retryAfterMs - now);
}

/** A list as the service stored it (null before its first read), refreshed when first shown. */
export function useList(source: ListSource | null): ExploreList | null {
  const member = useContext(MemberContext);
  const cache = useStorageItem(exploreCacheItem);
  const views = useStorageItem(exploreViewsItem);
  const key = source === null ? null : listKey(source);
  useEffect(() => {
    if (source !== null) ask(sendMessage('refreshExploreList', { source, since: OPENED_AT }));
    // The key names the source: a new object for the same list asks nothing.
  }, [key]);
  const list =
    source === null || key === null
      ? null
      : isPublicList(source)
        ? ownEntry(cache.lists, key)
        : views.member === member
          ? ownEntry(views.lists, key)
          : null;
  // Rate limited: once the service's wait is over, one read again while the list shows.
  const error = list?.error ?? null;
  useEffect(() => {
    const delay = rateLimitRetryDelay(error, Date.now());
    if (source === null || delay === null) return;
    const timer = setTimeout(
      () => ask(sendMessage('refreshExploreList', { source, since: OPENED_AT, force: true })),
      delay + 50,
    );
    return () => clearTimeout(timer);
  }, [key, error?.at, error?.kind]);
  return list;
}

/** The next page of a list (the end of it came into view). */
export function useMore(source: ListSource | null): () => void {
  const key = source === null ? null : listKey(source);
  return useCallback(() => {
    if (source !== null) ask(sendMessage('loadMoreExplore', { source }));
  }, [key]);
}

/** Reads a list's first page again now (the member's "Try again" after a failed read). */
export function useRetry(source: ListSource | null): () => void {
  const key = source === null ? null : listKey(source);
  return useCallback(() => {
    if (source !== null) ask(sendMessage('refreshExploreList', { source, since: OPENED_AT, force: true }));
  }, [key]);
}

/** What a view shows, asked for once when the view opens (the service skips what this popup read). */
export function useDetail<D extends DetailSource>(source: D): DetailEntry<DetailOf[D['detail']]> | null {
  const member = useContext(MemberContext);
  const views = useStorageItem(exploreViewsItem);
  const key = detailKey(source);
  useEffect(() => {
    ask(sendMessage('openExploreView', { source, since: OPENED_AT }));
  }, [key]);
  if (views.member !== member) return null;
  return ownEntry(views.details, key) as DetailEntry<DetailOf[D['detail']]> | null;
}

export function retryDetail(source: DetailSource): void {
  ask(sendMessage('openExploreView', { source, since: OPENED_AT, force: true }));
}
