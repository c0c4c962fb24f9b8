/**
 * The one stylesheet Companion injects into site pages: a single `<style data-companion="styles">`
 * in the page's head, holding the rules of every running feature (classes start with
 * `companion-`). Each feature adds its rules under its name and they go when its signal aborts;
 * the element goes with the last of them. Rules are our own constants, never remote text.
 */
import { companionAttribute } from '@/lib/site/selectors';
import { whenAborted } from './when-aborted';

const STYLE_MARK = 'styles';
const rules = new Map<string, string>();
let element: HTMLStyleElement | null = null;
let queued = false;

/**
 * Writes the rules at the end of the turn: the features starting together add theirs in one turn,
 * and each write makes the browser parse the whole sheet again.
 */
function write(): void {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    if (rules.size === 0) {
      element?.remove();
      element = null;
      return;
    }
    if (element === null || !element.isConnected) {
      element = document.createElement('style');
      element.setAttribute(companionAttribute, STYLE_MARK);
      (document.head ?? document.documentElement).append(element);
    }
    element.textContent = [...rules.values()].join('\n');
  });
}

/** Adds `css` (a feature's rules) to the page's Companion stylesheet until `signal` aborts. */
export function addStyles(name: string, css: string, signal: AbortSignal): void {
  if (signal.aborted) return;
  rules.set(name, css);
  write();
  whenAborted(signal, () => {
    if (rules.get(name) !== css) return;
    rules.delete(name);
    write();
  });
}
