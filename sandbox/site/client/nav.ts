/**
 * The message count in the navigation bar. Like the live site it is read once on page load and
 * then only 2, 6, 14, 30 and 62 minutes later; until the first read the element holds `0`
 * without `show`, and a read that gets no answer writes `0` again.
 */
import { applySiteLocale } from './locale.js';
import { apiGet, HttpError, session } from './net.js';

const REFRESH_MINUTES = [2, 6, 14, 30, 62];

/** The count element of whichever front end this page is (scratch-www or legacy). */
function countElements(): HTMLElement[] {
  return [
    ...document.querySelectorAll<HTMLElement>('nav#navigation li.messages span.message-count'),
    ...document.querySelectorAll<HTMLElement>('#topnav li.messages span.notificationsCount'),
  ];
}

export function showMessageCount(count: number): void {
  for (const element of countElements()) {
    element.textContent = String(count);
    if (element.classList.contains('message-count')) element.classList.toggle('show', count > 0);
    else element.style.display = count > 0 ? '' : 'none';
  }
}

async function readMessageCount(username: string): Promise<void> {
  try {
    const body = await apiGet<{ count?: unknown }>(`/users/${encodeURIComponent(username)}/messages/count`);
    if (typeof body.count === 'number') showMessageCount(body.count);
  } catch (error) {
    // As scratch-www's `getCount` (src/redux/message-count.js): a request that got no answer at all
    // (network error, timeout) sets the count to 0, which the bar shows exactly like a real 0. An
    // answer with an error status leaves no number either: the live site writes `NaN` there, hidden;
    // this stand-in leaves the last number, which no reader of the bar takes for a count either way.
    if (!(error instanceof HttpError)) showMessageCount(0);
  }
}

let started = false;

export async function startMessageCount(): Promise<void> {
  if (started) return;
  started = true;
  // Every page script starts here: the language first, as scratch-www's init script does.
  applySiteLocale();
  const user = await session();
  if (!user) return;
  void readMessageCount(user.username);
  for (const minutes of REFRESH_MINUTES) {
    setTimeout(() => void readMessageCount(user.username), minutes * 60_000);
  }
}
