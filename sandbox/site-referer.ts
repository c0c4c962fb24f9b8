/**
 * The live site's CSRF protection (Django's, on HTTPS) refuses a write whose `Referer` is missing or
 * names another origin than the site (docs/site-reference.md, Authentication), with a 403 and these
 * words. The REST interface's `/proxy/` writes and the site's own `/site-api/` writes share it.
 * Checked only while the control interface's referer check is on: most clients of the sandbox
 * (tests in Node) send no referer; the extension's tests turn it on to prove its writes carry one.
 */
import type { Context } from 'hono';
import { originsFor } from './origins';

/** Why the live site would refuse this write's referer, or null when it would take it. */
export function refererProblem(c: Context, refererCheck: boolean): string | null {
  if (!refererCheck) return null;
  const referer = c.req.header('referer');
  let origin: string | null = null;
  try {
    origin = referer ? new URL(referer).origin : null;
  } catch {
    origin = null;
  }
  if (origin === null) return 'Referer checking failed - no Referer.';
  if (origin !== new URL(originsFor(c).site).origin)
    return 'Referer checking failed - the referer is not the site.';
  return null;
}
