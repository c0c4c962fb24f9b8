// @vitest-environment happy-dom
/**
 * The one Companion stylesheet on a site page: the rules of every feature, written once a page
 * however many features start (in one turn or later), and gone with the last of them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addStyles, declareStyles } from './stylesheet';

const sheets = () => [...document.querySelectorAll('style[data-companion="styles"]')];
const turn = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the Companion stylesheet', () => {
  afterEach(() => {
    document.head.replaceChildren();
    vi.restoreAllMocks();
  });

  it('holds every declared feature’s rules from its first write, written once however the features start', async () => {
    // Where this DOM defines `textContent` (Node's prototype, or one below it).
    let owner: object | null = document.createElement('style');
    while (owner && !Object.hasOwn(owner, 'textContent')) owner = Object.getPrototypeOf(owner);
    const writes = vi.spyOn(owner as HTMLElement, 'textContent', 'set');
    declareStyles('first', '.companion-a{color:red}');
    declareStyles('second', '.companion-b{color:blue}');
    const first = new AbortController();
    const second = new AbortController();
    addStyles('first', '.companion-a{color:red}', first.signal);
    expect(sheets()).toHaveLength(0);
    await turn();
    expect(sheets()).toHaveLength(1);
    expect(sheets()[0]?.textContent).toBe('.companion-a{color:red}\n.companion-b{color:blue}');
    // A feature starting a turn later (its settings read later) finds its rules there.
    addStyles('second', '.companion-b{color:blue}', second.signal);
    await turn();
    expect(writes).toHaveBeenCalledTimes(1);

    // The rules stay while a feature runs; the last one takes the element.
    first.abort();
    await turn();
    expect(sheets()[0]?.textContent).toBe('.companion-a{color:red}\n.companion-b{color:blue}');
    second.abort();
    await turn();
    expect(sheets()).toHaveLength(0);
  });

  it('adds nothing for a feature already stopped, adds rules not declared, and is put back if the page removed it', async () => {
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
    const [sheet, ...others] = sheets();
    expect(others).toEqual([]);
    expect(sheet?.textContent).toContain('.companion-d{color:green}\n.companion-e{color:green}');
    running.abort();
    await turn();
    expect(sheets()).toHaveLength(0);
  });
});
