/** The one interface the end-to-end tests use for either browser (see chromium.ts, firefox.ts). */
import type { SiteProfile } from '@/lib/config';
import type { DevTuning } from '@/lib/dev-tuning';
import type { BrowserName } from './browsers';
import { tuneInExtension } from './extension-api';
import type { PageFunction, TestPage } from './test-page';

export type StorageArea = 'local' | 'session' | 'sync';

/** Fields of the development tuning (lib/dev-tuning.ts) to set, or to remove (null). */
export type TuningFields = { [K in keyof DevTuning]?: DevTuning[K] | null };

export interface Badge {
  text: string;
  title: string;
}

/** What a browser needs to know about the sandbox it runs against. */
export interface SandboxEndpoints {
  urls: {
    site: string;
    /** The HTTPS listener for the live host names (Chromium runs the public build against it). */
    https?: string;
  };
}

export interface LaunchOptions {
  sandbox: SandboxEndpoints;
  /** Signs this user in on the site (through the sandbox's `/login/?as=`) before returning. */
  signedInAs?: string;
  /**
   * The browser's own language (`de`, `ar`, `pt-BR`…), which the extension follows
   * (`browser.i18n.getUILanguage()`, `__MSG_` strings). Default: the browser's default, English.
   * The browser must have it installed: `scripts/ensure-deps.mjs` installs Debian's language packs.
   */
  uiLanguage?: string;
  /**
   * The browser profile's directory, kept when the browser closes: a launch on the directory an
   * earlier launch closed is a browser restart (its storage, its cookies that outlive a session).
   * Default: a fresh profile, removed on close.
   */
  userDataDir?: string;
  /**
   * In an end-to-end run: take the browser the test worker kept from its last file, if it was
   * launched with the same settings and has nothing of that file left, and keep this one for the
   * next file when it closes, with the extension removed and every site's data cleared
   * (kept-firefox.ts, kept-chromium.ts). useBrowser's launches do; a restart's profile never is.
   */
  reuse?: boolean;
}

export interface ExtensionBrowser {
  readonly name: BrowserName;
  /** The site profile the loaded build was made for; its URLs are the ones to open in this browser. */
  readonly profile: SiteProfile;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
  readonly extensionOrigin: string;
  /** Opens `url` in a new tab and waits for it to load. */
  openPage(url: string): Promise<TestPage>;
  /** Opens an extension page (e.g. `/options.html`) in a new tab. */
  openExtensionPage(path: string): Promise<TestPage>;
  /**
   * Opens the popup page in a tab the size of the real popup (380 px wide); `path`, another
   * extension page opened so (scripts/bench/popup-first-frame.ts: the empty popup).
   * `atDocumentStart` (Chromium only): a script's source to run in the page before any of the
   * page's own (e.g. a MutationObserver recording what the page shows from its very first node).
   * Firefox runs no WebDriver BiDi preload script in an extension's pages: there it throws.
   */
  openPopup(path?: string, atDocumentStart?: string): Promise<TestPage>;
  /** Signs `username` in on the site through the sandbox's sign-in shortcut. */
  signIn(username: string): Promise<void>;
  /** Signs the current user out on the site (the sandbox's `/logout/`). */
  signOut(): Promise<void>;
  /** The toolbar badge (global, or of one tab). */
  badge(tabId?: number): Promise<Badge>;
  /**
   * Runs `fn` where the full extension API is available (Chromium: the service worker; Firefox: an
   * extension page). Use `(globalThis.browser ?? globalThis.chrome)` inside; it is serialised.
   */
  evaluateInExtension<R, A>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  readStorage(area: StorageArea, keys?: string[]): Promise<Record<string, unknown>>;
  /**
   * Stops the background at once, whatever it is doing, as the browser does to an idle or
   * misbehaving one (Chromium: DevTools' `ServiceWorker.stopAllWorkers`; Firefox: the event page
   * terminated as about:debugging's "Terminate background script" does). Settles once it is gone;
   * the next event (an alarm, a message from a page) starts a new one.
   */
  stopBackground(): Promise<void>;
  setStorage(area: StorageArea, items: Record<string, unknown>): Promise<void>;
  /**
   * Sets (or, null, removes) fields of the development tuning (`local:devTuning`, lib/dev-tuning.ts:
   * a shorter poll, timeouts, paces), keeping the others. The test installs are development
   * installs, the only kind that honours it; throws if this one is not (a store install ignores it).
   */
  tune(fields: TuningFields): Promise<void>;
  /** The open tabs the test made, oldest first. */
  pages(): TestPage[];
  /** Every console line and page error seen so far (pages and, where reachable, the background). */
  consoleLog(): readonly string[];
  /** Adds a line to the console log (e.g. where a test starts), to find one's way in it later. */
  markLog(text: string): void;
  /** Writes a screenshot of every open page and the console log into `dir`. */
  saveArtifacts(dir: string): Promise<void>;
  close(): Promise<void>;
  /** Settles when the browser has gone, closed by close() or by the person using it. */
  readonly closed: Promise<void>;
}

/**
 * `tune()` for either browser: writes the fields through `evaluate` (the browser's
 * evaluateInExtension) and throws unless the install is a development one, which alone honours
 * them: a test would otherwise wait, and fail, on the members' minute-long poll.
 */
export async function tuneIn(
  evaluate: ExtensionBrowser['evaluateInExtension'],
  fields: TuningFields,
): Promise<void> {
  const installType = await evaluate(tuneInExtension, fields);
  if (installType !== 'development') {
    throw new Error(
      `The extension runs as a "${installType}" install, not "development": it ignores the tuning (lib/dev-tuning.ts)`,
    );
  }
}
