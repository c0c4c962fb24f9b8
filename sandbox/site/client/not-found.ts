/** The page shown for unknown (or, for others than the owner, unshared) projects, studios and users. */
import { h, replaceChildren } from './dom.js';

export function showNotFound(view: HTMLElement, what: string): void {
  document.title = 'Page not found';
  replaceChildren(
    view,
    h(
      'div',
      { class: 'not-found' },
      h('h1', null, 'Whoops! Our server is Scratch’ing its head'),
      h('p', null, `We couldn’t find the ${what} you’re looking for.`),
      h('p', null, h('a', { href: '/' }, 'Go home')),
    ),
  );
}
