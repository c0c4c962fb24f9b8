// @vitest-environment happy-dom
/**
 * The one Companion stylesheet on a site page: the rules of every running feature, written once
 * per turn however many features add or remove theirs in it, and gone with the last of them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addStyles } from './stylesheet';

const sheets = () => [...document.querySelectorAll('style[data-companion="styles"]')];
const turn = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the Companion stylesheet', () => {
  afterEach(() => {
    document.head.replaceChildren();
    vi.restoreAllMocks();
  });

  it('holds the rules of the features started in one turn, written once', async () => {
    // Where this DOM defines `textContent` (Node's prototype, or one below it).
    let owner: object | null = document.createElement('style');
    while (owner && !Object.hasOwn(owner, 'textContent')) owner = Object.getPrototypeOf(owner);
    const writes = vi.spyOn(owner as HTMLElement, 'textContent', 'set');
    const first = new AbortController();
    const second = new AbortController();
    addStyles('first', '.companion-a{color:red}', first.signal);
    addStyles('second', '.companion-b{color:blue}', second.signal);
    expect(sheets()).toHaveLength(0);
    await turn();
    expect(sheets()).toHaveLength(1);
    expect(sheets()[0]?.textContent).toBe('.companion-a{color:red}\n.companion-b{color:blue}');
    expect(writes).toHaveBeenCalledTimes(1);

    // A feature that stops takes its rules; the last one takes the element.
    first.abort();
    await turn();
    expect(sheets()[0]?.textContent).toBe('.companion-b{color:blue}');
    second.abort();
    await turn();
    expect(sheets()).toHaveLength(0);
  });

  it('adds nothing for a feature already stopped, and is put back if the page removed it', async () => {
    const stopped = new AbortController();
    stopped.abort();
    addStyles('stopped', '.companion-c{color:green}', stopped.signal);
    await turn();
    expect(sheets()).toHaveLength(0);

    const running = new AbortController();
    addStyles('running', '.companion-d{color:green}', running.signal);
    await turn();
    document.head.replaceChildren();
    addStyles('later', '.companion-e{color:green}', running.signal);
    await turn();
    expect(sheets().map((sheet) => sheet.textContent)).toEqual([
      '.companion-d{color:green}\n.companion-e{color:green}',
    ]);
    running.abort();
    await turn();
    expect(sheets()).toHaveLength(0);
  });
});
