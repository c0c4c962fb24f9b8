/**
 * The one stylesheet Companion injects into site pages: every feature adds its rules under a name
 * and they leave with the feature (its signal). Classes start with `companion-` so nothing of the
 * site's is touched; rules use logical properties so they work right to left.
 */
const rules = new Map<string, string>();
const STYLE_ID = 'companion-styles';

function render(): void {
  let element = document.getElementById(STYLE_ID);
  if (rules.size === 0) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('style');
    element.id = STYLE_ID;
    element.setAttribute('data-companion', 'styles');
    (document.head ?? document.documentElement).append(element);
  }
  element.textContent = [...rules.values()].join('\n');
}

/** Adds a feature's rules to the page's Companion stylesheet until `signal` aborts. */
export function addStyles(name: string, css: string, signal: AbortSignal): void {
  if (signal.aborted) return;
  rules.set(name, css);
  render();
  signal.addEventListener(
    'abort',
    () => {
      rules.delete(name);
      render();
    },
    { once: true },
  );
}
