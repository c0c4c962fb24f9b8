/**
 * The message count in the navigation bar. Like the live site it is read once on page load and
 * then only 2, 6, 14, 30 and 62 minutes later; until the first read the element holds `0`
 * without `show`.
 */
import { applySiteLocale } from './locale.js';
import { apiGet, session } from './net.js';

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
  } catch {
    // A failed read leaves the last number in place, as the live site does.
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
