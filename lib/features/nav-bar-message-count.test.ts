// @vitest-environment happy-dom
/**
 * The navigation-bar feature on a happy-dom page: it shows the background's count, and hands the
 * background the counts THE SITE writes (not its own writes, not a loading page's placeholder).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageCountItem } from '@/lib/message-count/message-count-storage';
import { sendMessage } from '@/lib/protocol/messaging';
import { sitePage } from '@/lib/site/pages';
import { WAIT } from '@/tests/unit/wait';
import { navBarMessageCount, parseNavCount } from './nav-bar-message-count';

// The fake browser does not carry messages between contexts: what the feature sends is recorded here.
vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn(async () => undefined) }));

const scratchWwwNav = `<nav id="navigation"><ul>
  <li class="link right messages"><a href="/messages/" title="Messages"><span class="message-count">0</span></a></li>
</ul></nav><div id="app"></div>`;

const legacyNav = `<div id="pagewrapper"><div id="topnav"><ul class="account-nav">
  <li class="messages"><a class="messages-icon" href="/messages"><span class="notificationsCount none">0</span></a></li>
</ul></div><div id="content"></div></div>`;

let readings: number[];
let running: AbortController;

const setCount = (count: number | null, username: string | null = 'demo') =>
  messageCountItem.setValue({
    username,
    count,
    readAt: Date.now(),
    source: 'poll',
    staleUntil: 0,
    awayStreak: 0,
    failures: 0,
  });

const span = () => document.querySelector('span.message-count, span.notificationsCount') as HTMLElement;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function start() {
  running = new AbortController();
  navBarMessageCount.run(sitePage('https://scratch.mit.edu/'), running.signal);
}

beforeEach(() => {
  fakeBrowser.reset();
  readings = [];
  vi.mocked(sendMessage).mockReset();
  vi.mocked(sendMessage).mockImplementation(async (type, data) => {
    if (type === 'reportMessageCount') readings.push((data as { count: number }).count);
    return undefined as never;
  });
  document.body.innerHTML = scratchWwwNav;
});

afterEach(() => running?.abort());

describe('navigation-bar message count', () => {
  it('shows the stored count with the show class, without reporting its own write', async () => {
    await setCount(4);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('4'), WAIT);
    expect(span().classList.contains('show')).toBe(true);
    await setCount(0);
    await vi.waitFor(() => expect(span().textContent).toBe('0'), WAIT);
    expect(span().classList.contains('show')).toBe(false);
    await settle();
    expect(readings).toEqual([]);
  });

  it('hands over what the site writes, also when it equals the shown count', async () => {
    await setCount(2);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('2'), WAIT);
    span().textContent = '7';
    await vi.waitFor(() => expect(readings).toEqual([7]), WAIT);
    span().textContent = '7';
    await vi.waitFor(() => expect(readings).toEqual([7, 7]), WAIT);
  });

  it("shows the stored count when the background refuses the site's reading as stale", async () => {
    await setCount(0);
    // The messages page was just opened elsewhere: the background keeps 0 and says so.
    vi.mocked(sendMessage).mockImplementation(async (type, data) => {
      if (type === 'reportMessageCount') readings.push((data as { count: number }).count);
      return 0 as never;
    });
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('0'), WAIT);
    // The site's page came from the CDN with the old count.
    span().textContent = '5';
    await vi.waitFor(() => expect(readings).toEqual([5]), WAIT);
    await vi.waitFor(() => expect(span().textContent).toBe('0'), WAIT);
    expect(span().classList.contains('show')).toBe(false);
    await settle();
    expect(readings).toEqual([5]);
  });

  it('keeps the text node the site renders into, so the site can still update it', async () => {
    const siteTextNode = span().firstChild as Text;
    await setCount(3);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('3'), WAIT);
    expect(span().firstChild).toBe(siteTextNode);
    siteTextNode.data = '5';
    await vi.waitFor(() => expect(readings).toEqual([5]), WAIT);
    expect(span().textContent).toBe('5');
  });

  it("ignores the loading page's placeholder: a nav bar rendered later, an empty count filled in", async () => {
    document.body.innerHTML = '<div id="app"></div>';
    await setCount(6);
    start();
    await settle();
    // The site renders its navigation bar after load, with the placeholder 0.
    document.body.insertAdjacentHTML('afterbegin', scratchWwwNav.replace('>0<', '><'));
    await vi.waitFor(() => expect(span().textContent).toBe('6'), WAIT);
    expect(readings).toEqual([]);
  });

  it('does not count an empty element filled in as a reading', async () => {
    document.body.innerHTML = scratchWwwNav.replace('>0<', '><');
    start();
    await settle();
    span().textContent = '0';
    await settle();
    expect(readings).toEqual([]);
    span().textContent = '1';
    await vi.waitFor(() => expect(readings).toEqual([1]), WAIT);
  });

  it('works on legacy pages (span.notificationsCount)', async () => {
    document.body.innerHTML = legacyNav;
    await setCount(9);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('9'), WAIT);
    span().textContent = '10';
    await vi.waitFor(() => expect(readings).toEqual([10]), WAIT);
  });

  it('shows and hides the legacy count with the class `none`, as the site does (never an inline style)', async () => {
    document.body.innerHTML = legacyNav;
    // The site's own count is a stale 0, hidden by its class.
    expect(span().className).toBe('notificationsCount none');
    await setCount(4);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('4'), WAIT);
    expect(span().classList.contains('none')).toBe(false);
    expect(span().getAttribute('style')).toBeNull();
    await setCount(0);
    await vi.waitFor(() => expect(span().textContent).toBe('0'), WAIT);
    expect(span().classList.contains('none')).toBe(true);
  });

  it("writes into the number's own text node and leaves the space: the site's later readings stay visible", async () => {
    // scratch-www renders `{unreadMessageCount} `: the number's node, then a space of its own.
    const number = document.createTextNode('0');
    const space = document.createTextNode(' ');
    span().replaceChildren(number, space);
    await setCount(3);
    start();
    await vi.waitFor(() => expect(number.data).toBe('3'), WAIT);
    expect([...span().childNodes]).toEqual([number, space]);
    expect(space.data).toBe(' ');
    // React changes the node it holds, in place: the member sees it, and the background hears it.
    number.data = '7';
    await vi.waitFor(() => expect(readings).toEqual([7]), WAIT);
    expect(span().textContent).toBe('7 ');
    // And Companion's next count goes into the same node.
    await setCount(8);
    await vi.waitFor(() => expect(number.data).toBe('8'), WAIT);
    expect([...span().childNodes]).toEqual([number, space]);
  });

  it("keeps the site's node whatever order the writes come in: the site's reading first, then Companion's", async () => {
    const number = document.createTextNode('0');
    span().replaceChildren(number, document.createTextNode(' '));
    start();
    await settle();
    number.data = '5';
    await vi.waitFor(() => expect(readings).toEqual([5]), WAIT);
    await setCount(6);
    await vi.waitFor(() => expect(number.data).toBe('6'), WAIT);
    number.data = '9';
    await vi.waitFor(() => expect(readings).toEqual([5, 9]), WAIT);
    expect(span().firstChild).toBe(number);
    expect(span().textContent).toBe('9 ');
  });

  it('leaves the site alone while signed out or before the first reading', async () => {
    await setCount(null);
    start();
    await settle();
    expect(span().textContent).toBe('0');
    await setCount(5, null);
    await settle();
    expect(span().textContent).toBe('0');
  });

  it('stops when aborted: no more writes, no more reports', async () => {
    await setCount(1);
    start();
    await vi.waitFor(() => expect(span().textContent).toBe('1'), WAIT);
    running.abort();
    await setCount(8);
    span().textContent = '3';
    await settle();
    expect(span().textContent).toBe('3');
    expect(readings).toEqual([]);
  });

  it('parses only counts', () => {
    expect(parseNavCount(' 12 ')).toBe(12);
    expect(parseNavCount('1,234')).toBe(1234);
    expect(parseNavCount('')).toBeNull();
    expect(parseNavCount('new')).toBeNull();
    expect(parseNavCount(null)).toBeNull();
  });
});
