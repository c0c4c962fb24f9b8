/**
 * Pictures come only from the site's image hosts (`uploads` of lib/config.ts: avatars and
 * thumbnails). Every picture Companion shows from remote data gets its address through here: an
 * address the service, a cache or a page could have filled with anything (another host, `http:` where
 * the site is `https:`, `javascript:`, `data:`, a name and password) is refused, and the view shows
 * its letter avatar or an empty frame instead. The extension pages' Content Security Policy names
 * the same hosts (wxt.config.ts), so a picture that slipped past this would not load either.
 */
import { currentProfile, type SiteProfile } from './config';

/**
 * `url` as a picture to show, or null. The service sends some addresses protocol-relative
 * (`//cdn2.scratch.mit.edu/...`): they take the site's scheme, then face the same check.
 */
export function siteImageUrl(
  url: string | null | undefined,
  profile: Pick<SiteProfile, 'site' | 'uploads'> = currentProfile(),
): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.startsWith('//') ? new URL(profile.site).protocol + url : url);
    // Scheme and host as written, not `origin`: a `blob:` address has its inner address's origin.
    const host = `${parsed.protocol}//${parsed.host}`;
    return profile.uploads.includes(host) && !parsed.username && !parsed.password ? parsed.href : null;
  } catch {
    return null;
  }
}
