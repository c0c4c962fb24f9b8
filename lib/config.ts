/**
 * Site profiles: which service the extension talks to. The build picks one through the
 * COMPANION_PROFILE environment variable (read in wxt.config.ts, exposed as
 * import.meta.env.COMPANION_PROFILE). Host permissions and content-script matches come from here.
 */
export type SiteProfileName = 'public' | 'local';

export interface SiteProfile {
  readonly name: SiteProfileName;
  /** Site pages, session endpoint and CSRF cookie. */
  readonly site: string;
  /** The REST interface ({base_url}). */
  readonly api: string;
  /** Translation helper ({translate_url}). */
  readonly translate: string;
  /** Speech synthesis helper ({synthesis_url}, legacy). */
  readonly synthesis: string;
  /** Hosts of avatars and thumbnails. */
  readonly uploads: readonly string[];
  /** Match patterns for the content script (site pages). */
  readonly siteMatches: readonly string[];
  /** Match patterns the background needs to reach with credentials. */
  readonly hostPermissions: readonly string[];
}

/**
 * First port of the local sandbox; the others follow in this order: site, api, translate, synthesis,
 * control, uploads (avatars and thumbnails). A local build may be made for another first port
 * (COMPANION_SANDBOX_PORT, wxt.config.ts): the end-to-end tests run two sandboxes side by side.
 */
export const LOCAL_SANDBOX_PORT = 8610;

/** What the content script needs of a profile: the site's origin and its match patterns. */
export type SiteOrigin = Pick<SiteProfile, 'site' | 'siteMatches'>;

/** The site of a sandbox whose first port is `firstPort`. */
function localSite(firstPort: number): SiteOrigin {
  // Match patterns cannot name a port in every browser; the content script checks the origin.
  return { site: `http://127.0.0.1:${firstPort}`, siteMatches: ['http://127.0.0.1/*'] };
}

/** The `local` profile for a sandbox whose first port is `firstPort`. */
/* @__NO_SIDE_EFFECTS__ */
export function localProfile(firstPort: number = LOCAL_SANDBOX_PORT): SiteProfile {
  const localOrigin = (offset: number) => `http://127.0.0.1:${firstPort + offset}`;
  return {
    name: 'local',
    ...localSite(firstPort),
    api: localOrigin(1),
    translate: localOrigin(2),
    synthesis: localOrigin(3),
    uploads: [localOrigin(5)],
    hostPermissions: ['http://127.0.0.1/*'],
  };
}

// The live site's address and pages, named once for both: a page that needs only the site (the
// content script) then carries nothing of the whole profile, not even a read of it.
const PUBLIC_SITE = 'https://scratch.mit.edu';
const PUBLIC_SITE_MATCHES = ['https://scratch.mit.edu/*'];

/** The live site (see `currentSite`). */
const publicSite: SiteOrigin = { site: PUBLIC_SITE, siteMatches: PUBLIC_SITE_MATCHES };

const publicProfile: SiteProfile = {
  name: 'public',
  site: PUBLIC_SITE,
  api: 'https://api.scratch.mit.edu',
  translate: 'https://translate-service.scratch.mit.edu',
  synthesis: 'https://synthesis-service.scratch.mit.edu',
  uploads: ['https://uploads.scratch.mit.edu', 'https://cdn2.scratch.mit.edu'],
  siteMatches: PUBLIC_SITE_MATCHES,
  hostPermissions: [
    'https://scratch.mit.edu/*',
    'https://api.scratch.mit.edu/*',
    'https://translate-service.scratch.mit.edu/*',
    'https://synthesis-service.scratch.mit.edu/*',
  ],
};

export const siteProfiles: Record<SiteProfileName, SiteProfile> = {
  public: publicProfile,
  local: localProfile(),
};

export function isSiteProfileName(value: unknown): value is SiteProfileName {
  return value === 'public' || value === 'local';
}

/** The sandbox's first port in a local build (wxt.config.ts). */
const builtSandboxPort = () => Number(import.meta.env.COMPANION_SANDBOX_PORT) || LOCAL_SANDBOX_PORT;

let builtLocalProfile: SiteProfile | undefined;

/**
 * The profile this build was made for. The build writes its name in as a constant, so a bundle
 * keeps only that profile (the other's URLs would be dead bytes in every context's size budget).
 */
export function currentProfile(): SiteProfile {
  if (import.meta.env.COMPANION_PROFILE !== 'local') return publicProfile;
  builtLocalProfile ??= localProfile(builtSandboxPort());
  return builtLocalProfile;
}

/**
 * The site of the profile this build was made for, and only that: what the content script needs
 * (the rest of the profile would be dead bytes in its size budget).
 */
export function currentSite(): SiteOrigin {
  return import.meta.env.COMPANION_PROFILE !== 'local' ? publicSite : localSite(builtSandboxPort());
}

/** True when `url` is a page of the profile's site (not the API or a helper). */
export function isSitePage(url: string | undefined, profile: Pick<SiteOrigin, 'site'>): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === new URL(profile.site).origin;
  } catch {
    return false;
  }
}
