/**
 * The message count in the navigation bar, rendered the way the live site's scripts render it.
 *
 * scratch-www (`src/components/navigation/www/navigation.jsx`, `src/redux/message-count.js`,
 * `src/redux/session.js`): `li.link.right.messages > a[href="/messages/"][title="Messages"] >
 * span.message-count` holds two text nodes, `{unreadMessageCount} ` (the number, then a space),
 * followed in the link by the label "Messages". React keeps the number's text node and later only
 * changes its value in place, and only when the value differs from the one React itself rendered
 * last: it never looks at the DOM again. So this renderer takes a reference to that node when the bar
 * mounts and from then on writes only `node.data` (and the span's `class`, as React writes
 * `className`: the whole attribute, when its value changes). If anyone detaches the node (say with
 * `span.textContent = …`), later counts go into the detached node and the page shows none of them,
 * exactly as on the live site.
 *
 * The count is read once the session is known (session.js dispatches `getCount`), then the bar polls
 * 2, 6, 14, 30 and 62 minutes after it mounts (`pollForMessages`: 2 minutes, doubling, stopping
 * past 32). A read that gets no answer writes 0. When the bar unmounts (the project page switching
 * to the editor) its polling stops and the count is set to 0 (`componentWillUnmount`); a bar mounted
 * again renders the current count and polls again from 2 minutes.
 *
 * Legacy pages (docs/site-reference.md, "Legacy pages"): `#topnav li.messages > a.messages-icon >
 * span.notificationsCount` starts as `<span class="notificationsCount none">0</span>`; a count above
 * 0 is written and `none` taken away, 0 puts `none` back.
 *
 * Tests trigger the page's own read with `window.sandboxSite.readMessageCount()`.
 */
import { applySiteLocale } from './locale.js';
import { apiGet, HttpError, type SessionUser, session } from './net.js';

const FIRST_POLL_MS = 2 * 60_000;
const LAST_POLL_BELOW_MS = 32 * 60_000;

export const NAV_COUNT_SELECTOR =
  'nav#navigation li.link.right.messages > a[href="/messages/"] > span.message-count';
const LEGACY_COUNT_SELECTOR = '#topnav li.messages > a.messages-icon > span.notificationsCount';

/** What React holds for the mounted bar: its nodes and the values it rendered last. */
interface MountedCount {
  span: HTMLElement;
  number: Text;
  renderedText: string;
  renderedClass: string;
}

/** The redux state `messageCount.messageCount`. */
let messageCount = 0;
let mounted: MountedCount | null = null;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let me: SessionUser | null = null;
let sessionKnown = false;

declare global {
  interface Window {
    /** The sandbox's hooks for tests (not on the live site). */
    sandboxSite?: { readMessageCount(): Promise<void> };
  }
}

const countClass = (count: number) => (count > 0 ? 'message-count show' : 'message-count');

/** Renders the state into the mounted bar (only what changed since React's last render) and legacy bars. */
function render(): void {
  if (mounted) {
    const text = String(messageCount);
    if (text !== mounted.renderedText) {
      mounted.number.data = text;
      mounted.renderedText = text;
    }
    const className = countClass(messageCount);
    if (className !== mounted.renderedClass) {
      mounted.span.className = className;
      mounted.renderedClass = className;
    }
  }
  for (const legacy of document.querySelectorAll<HTMLElement>(LEGACY_COUNT_SELECTOR)) {
    legacy.textContent = String(messageCount);
    legacy.classList.toggle('none', !(messageCount > 0));
  }
}

/** `setCount` of `src/redux/message-count.js`: the state changes and the bar re-renders. */
export function setMessageCount(count: number): void {
  messageCount = count;
  render();
}

/** Older name, kept for the page scripts that call it. */
export const showMessageCount = setMessageCount;

/** `getCount`: the read every trigger (load, polls, tests) makes. */
export async function readMessageCount(): Promise<void> {
  const user = await session();
  if (!user) return;
  try {
    const body = await apiGet<{ count?: unknown }>(
      `/users/${encodeURIComponent(user.username)}/messages/count`,
    );
    if (typeof body.count === 'number') setMessageCount(body.count);
  } catch (error) {
    // As scratch-www's `getCount`: a request that got no answer at all (network error, timeout)
    // sets the count to 0, which the bar shows exactly like a real 0. An answer with an error status
    // leaves no number either: the live site writes `NaN` there, hidden; this stand-in leaves the
    // last number, which no reader of the bar takes for a count either way.
    if (!(error instanceof HttpError)) setMessageCount(0);
  }
}

/** `pollForMessages`: read now, then again after twice the wait, until the wait passes 32 minutes. */
function poll(ms: number): void {
  void readMessageCount();
  if (ms < LAST_POLL_BELOW_MS) pollTimer = setTimeout(() => poll(ms * 2), ms * 2);
  else pollTimer = undefined;
}

function startPolling(): void {
  if (!me || !mounted || pollTimer !== undefined) return;
  pollTimer = setTimeout(() => poll(FIRST_POLL_MS), FIRST_POLL_MS);
}

/**
 * Mounts the bar's count: takes the span's number node (the server's shell sends `0 ` as one text
 * node, which HTML cannot split; it is split here into the number and the space, keeping the number's
 * node, before anything else renders) and renders the current state into it.
 */
export function mountNavigationCount(root: ParentNode = document): void {
  const span = root.querySelector<HTMLElement>(NAV_COUNT_SELECTOR);
  if (!span || mounted?.span === span) return;
  let number = span.firstChild;
  if (!(number instanceof Text)) {
    number = document.createTextNode('0');
    span.prepend(number, document.createTextNode(' '));
  } else if (!(number.nextSibling instanceof Text) && number.data.endsWith(' ') && number.data.length > 1) {
    number.splitText(number.data.length - 1);
  }
  mounted = {
    span,
    number: number as Text,
    renderedText: (number as Text).data,
    renderedClass: span.className,
  };
  render();
  if (sessionKnown) startPolling();
}

/** The bar leaves the page (`componentWillUnmount`): polling stops and the count goes back to 0. */
export function unmountNavigationCount(): void {
  if (!mounted) return;
  mounted = null;
  if (pollTimer !== undefined) {
    clearTimeout(pollTimer);
    pollTimer = undefined;
    setMessageCount(0);
  }
}

let started = false;

/**
 * Every page script starts here: the language first (as scratch-www's init script does), the bar's
 * count mounted synchronously, then the session, the first read, and the bar's polling.
 */
export async function startMessageCount(): Promise<void> {
  if (started) return;
  started = true;
  applySiteLocale();
  window.sandboxSite = { readMessageCount };
  mountNavigationCount();
  me = await session();
  sessionKnown = true;
  if (!me) return;
  void readMessageCount();
  startPolling();
  // Legacy pages poll on the same schedule (scratchr2's script is not public).
  if (!mounted && document.querySelector(LEGACY_COUNT_SELECTOR))
    pollTimer = setTimeout(() => poll(FIRST_POLL_MS), FIRST_POLL_MS);
}
