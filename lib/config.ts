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

/** The `local` profile for a sandbox whose first port is `firstPort`. */
export function localProfile(firstPort: number = LOCAL_SANDBOX_PORT): SiteProfile {
  const localOrigin = (offset: number) => `http://127.0.0.1:${firstPort + offset}`;
  return {
    name: 'local',
    site: localOrigin(0),
    api: localOrigin(1),
    translate: localOrigin(2),
    synthesis: localOrigin(3),
    uploads: [localOrigin(5)],
    // Match patterns cannot name a port in every browser; the content script checks the origin.
    siteMatches: ['http://127.0.0.1/*'],
    hostPermissions: ['http://127.0.0.1/*'],
  };
}

export const siteProfiles: Record<SiteProfileName, SiteProfile> = {
  public: {
    name: 'public',
    site: 'https://scratch.mit.edu',
    api: 'https://api.scratch.mit.edu',
    translate: 'https://translate-service.scratch.mit.edu',
    synthesis: 'https://synthesis-service.scratch.mit.edu',
    uploads: ['https://uploads.scratch.mit.edu', 'https://cdn2.scratch.mit.edu'],
    siteMatches: ['https://scratch.mit.edu/*'],
    hostPermissions: [
      'https://scratch.mit.edu/*',
      'https://api.scratch.mit.edu/*',
      'https://translate-service.scratch.mit.edu/*',
      'https://synthesis-service.scratch.mit.edu/*',
    ],
  },
  local: localProfile(),
};

export function isSiteProfileName(value: unknown): value is SiteProfileName {
  return value === 'public' || value === 'local';
}

let builtLocalProfile: SiteProfile | undefined;

/** The profile this build was made for. */
export function currentProfile(): SiteProfile {
  const name = import.meta.env.COMPANION_PROFILE;
  const port = Number(import.meta.env.COMPANION_SANDBOX_PORT);
  if (name === 'local' && port && port !== LOCAL_SANDBOX_PORT) {
    builtLocalProfile ??= localProfile(port);
    return builtLocalProfile;
  }
  return siteProfiles[isSiteProfileName(name) ? name : 'public'];
}

/** True when `url` is a page of the profile's site (not the API or a helper). */
export function isSitePage(url: string | undefined, profile: SiteProfile = currentProfile()): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === new URL(profile.site).origin;
  } catch {
    return false;
  }
}
