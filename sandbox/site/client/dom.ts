/**
 * Tiny DOM builder for the sandbox's site pages. It only ever creates elements and text nodes:
 * remote data is full of markup payloads, so nothing here parses HTML.
 */
export type Child = Node | string | number | null | undefined | false;
export type Props = Record<string, string | number | boolean | undefined | null | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of `parent` (text only, never markup). */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

export function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing from the shell`);
  return element;
}

/** Path segment for a user name: names are remote data and may hold anything. */
export function userPath(username: string): string {
  return `/users/${encodeURIComponent(username)}/`;
}

export function projectPath(id: number | string): string {
  return `/projects/${encodeURIComponent(String(id))}/`;
}

export function studioPath(id: number | string): string {
  return `/studios/${encodeURIComponent(String(id))}/`;
}

/** A small status line (loading, empty, error) that pages drop into a container. */
export function notice(text: string, kind: 'loading' | 'empty' | 'error' = 'loading'): HTMLElement {
  return h('div', { class: `notice notice-${kind}` }, text);
}

/** Formats a count the way the site does (1234 stays 1234; big numbers get a k). */
export function formatCount(value: unknown): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return n >= 10_000 ? `${Math.floor(n / 1000)}k` : String(n);
}
