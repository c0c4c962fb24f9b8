/**
 * Pictures come only from the site's image hosts (`uploads` of lib/config.ts: avatars and
 * thumbnails). Every picture Companion shows from remote data gets its address through here: an
 * address the service, a cache or a page could have filled with anything (another host, `http:` where
 * the site is `https:`, `javascript:`, `data:`, a name and password) is refused, and the view shows
 * its letter avatar or an empty frame instead. The extension pages' Content Security Policy names
 * the same hosts (wxt.config.ts), so a picture that slipped past this would not load either.
 */
import { currentProfile, type SiteProfile } from '../config';

/**
 * `url` as a picture to show, or null. Resolved against the site, so the service's protocol-relative
 * addresses (`//cdn2.scratch.mit.edu/...`) take its scheme and a relative one lands on the site (not
 * an image host). Then the whole address must begin with an image host and a slash: another scheme
 * (`blob:` keeps its inner address after it), a port, a name and password, or a longer host name
 * (`cdn2.scratch.mit.edu.example`) all fail that.
 */
export function siteImageUrl(
  url: string | null | undefined,
  profile: Pick<SiteProfile, 'site' | 'uploads'> = currentProfile(),
): string | null {
  try {
    const { href } = new URL(url ?? '', profile.site);
    return profile.uploads.some((host) => href.startsWith(`${host}/`)) ? href : null;
  } catch {
    return null;
  }
}
