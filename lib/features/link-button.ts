/**
 * The buttons Companion adds beside a page's texts (Translate, Read aloud, Retry, Translate all):
 * real `<button>`s that look like the site's text links, marked `data-companion="<mark>"`.
 */
import { companionAttribute } from '@/lib/site/selectors';

export function linkButton(mark: string, label: string, title = ''): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'companion-link-button';
  element.setAttribute(companionAttribute, mark);
  element.textContent = label;
  if (title) element.title = title;
  return element;
}
