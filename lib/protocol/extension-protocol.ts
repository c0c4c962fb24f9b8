/**
 * The messages the background answers about itself, whatever the domains (answered in
 * entrypoints/background.ts): that it is there, which browsing context a tab is in, and a page's
 * part of the development tuning.
 */
import type { PageTuning } from '@/lib/dev-tuning';
import { answer, type Declarations, MEMBER_FREE } from './declaration';

export interface PingResult {
  ok: true;
  /** Extension version, from the manifest. */
  version: string;
  /** Which site profile the background runs. */
  profile: string;
  /** A development install (the tests'): only there do site pages get the `ready` marker. */
  development: boolean;
}

export const extensionMessages = {
  /** Liveness check: proves a context can reach the background. */
  ping: { from: MEMBER_FREE, answer: answer<PingResult>() },
  /**
   * Whether the sender's tab is in the member's own browsing context (not a container, not a
   * private window), from the tab the browser names: a content script cannot tell a container.
   */
  inMemberContext: { from: ['site tab in any container'], answer: answer<boolean>() },
  /**
   * The tuning of the page's features (lib/dev-tuning.ts): the fields a development install's tests
   * set, checked and clamped; nothing (`{}`) in a store install. Asked when a feature first needs it
   * (Translate all too, which a container's tab has: nothing of the member's in it).
   */
  getPageTuning: { from: ['site tab in any container'], answer: answer<PageTuning>() },
} as const satisfies Declarations;
