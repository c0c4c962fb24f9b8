/**
 * The one stylesheet Companion injects into site pages: a single `<style data-companion="styles">`
 * in the page's head, holding the rules of every feature (classes start with `companion-`). Each
 * feature declares its rules when its module loads (`declareStyles`), and the sheet holds all of
 * them from its first write: it is written once a page, when the first feature that shows something
 * starts, however many start after it. Each write makes the browser parse the whole sheet and look
 * at the page again; rules of a feature that does not run on the page match nothing. The element
 * goes when the last running feature stops. Rules are our own constants, never remote text.
 */
import { companionAttribute } from '@/lib/site/selectors';
import { whenAborted } from './when-aborted';

const STYLE_MARK = 'styles';
/** Every feature's rules, by feature, in the order declared. */
const rules = new Map<string, string>();
/** The rules the element holds (the sheet is written again only when one is added after it). */
let written = '';
let running = 0;
let element: HTMLStyleElement | null = null;
let queued = false;

/** Declares a feature's rules (at its module's top level): they are in the sheet from its first write. */
export function declareStyles(name: string, css: string): void {
  rules.set(name, css);
}

/** Writes the sheet at the end of the turn, if it is missing or lacks rules. */
function write(): void {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    if (running === 0) {
      element?.remove();
      element = null;
      written = '';
      return;
    }
    const css = [...rules.values()].join('\n');
    if (element === null || !element.isConnected) {
      element = document.createElement('style');
      element.setAttribute(companionAttribute, STYLE_MARK);
      written = '';
      (document.head ?? document.documentElement).append(element);
    }
    if (written !== css) {
      element.textContent = css;
      written = css;
    }
  });
}

/**
 * Puts the page's Companion stylesheet in, with `css` (a feature's rules, declared or not yet),
 * until `signal` aborts; the sheet goes with the last running feature.
 */
export function addStyles(name: string, css: string, signal: AbortSignal): void {
  if (signal.aborted) return;
  if (rules.get(name) !== css) rules.set(name, css);
  running++;
  write();
  whenAborted(signal, () => {
    running--;
    write();
  });
}
