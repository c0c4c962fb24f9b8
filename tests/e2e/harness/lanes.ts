/**
 * Lanes: two end-to-end files run at once (vitest.config.ts), each with its own sandbox on its own
 * ports. Chromium finds its sandbox through host-resolver rules (any HTTPS port); Firefox's `local`
 * build has the loopback ports compiled in, so each lane has its own Firefox build
 * (COMPANION_SANDBOX_PORT, wxt.config.ts). A file takes the first lane whose ports are free.
 */
import { LOCAL_SANDBOX_PORT } from '../../../lib/config';
import { DEFAULT_HTTPS_PORT, type RunningSandbox } from '../../../sandbox/index';

export interface Lane {
  /** The sandbox's first port (site; api, helpers, control and uploads follow). */
  firstPort: number;
  /** Its HTTPS listener for the live host names (Chromium's store build). */
  httpsPort: number;
}

/** The first lane is the sandbox's default ports, as `npm start` and a single file run use them. */
export const LANES: readonly Lane[] = [
  { firstPort: LOCAL_SANDBOX_PORT, httpsPort: DEFAULT_HTTPS_PORT },
  { firstPort: LOCAL_SANDBOX_PORT + 100, httpsPort: DEFAULT_HTTPS_PORT + 100 },
];

/** The first port of a running sandbox (its site's). */
export function sandboxFirstPort(sandbox: RunningSandbox): number {
  return Number(new URL(sandbox.urls.site).port);
}
