/**
 * The text of one of the site team's alerts, and its links to the site's own pages: nothing else of
 * its HTML reaches the member. The site's messages page inserts the team's `message` as HTML; Companion
 * never does. It parses the HTML into an inert document (`DOMParser`: no script runs there, no picture
 * or stylesheet loads, no handler fires), walks that document by an allow-list, and hands back plain
 * pieces of text, some with the address of a page of the site. Scripts, styles, pictures, frames and
 * forms are dropped with what they hold; a link elsewhere (or to `javascript:`, or with no address)
 * keeps only its words. The popup renders the pieces as text nodes and `<a>`s it builds itself.
 *
 * Hand-written rather than a sanitizer library: a sanitizer (DOMPurify, ~20 KB minified) cleans HTML
 * in order to insert it, which is exactly what is never done here; walking the parsed tree for text
 * and a few links is a few hundred bytes. `DOMParser` exists in the popup, not in Chromium's
 * background service worker: this runs where the alert is shown.
 */
import type { TextPiece } from '@/lib/messages/messages-model';

/** Elements whose content is never words for the member: dropped with all they hold. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'object',
  'embed',
  'img',
  'picture',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'form',
  'input',
  'select',
  'textarea',
  'button',
  'head',
  'title',
]);

/** Elements that end a line: their words do not run into the next ones. */
const LINE_ENDS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'blockquote',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** The address a link may keep: http(s) on one of the site's origins, relative ones against `site`. */
export function siteAddress(raw: string | null, site: string, siteOrigins: readonly string[]): string | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), site);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return siteOrigins.includes(url.origin) ? url.href : null;
}

/**
 * The alert's words, in order, a link where it points to a page on `siteOrigins` (relative
 * addresses resolve against `site`). Runs of spaces become one; line ends stay as "\n" (one at most
 * in a row); nothing at the ends.
 */
export function alertPieces(html: string, site: string, siteOrigins: readonly string[]): TextPiece[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const pieces: TextPiece[] = [];
  const addText = (text: string) => {
    const last = pieces.at(-1);
    if (last !== undefined && !('href' in last)) last.text += text;
    else pieces.push({ text });
  };

  /** The words under `node`, by the same rules, as one string (a link's label). */
  const wordsOf = (node: Node): string => {
    let words = '';
    walk(node, (text) => {
      words += text;
    });
    return words;
  };

  function walk(node: Node, text: (text: string) => void, onLink?: (element: Element) => void): void {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        // As HTML shows text: any run of spaces and line breaks is one space.
        text((child as Text).data.replace(/\s+/g, ' '));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.localName;
      if (DROPPED.has(tag)) continue;
      if (tag === 'a' && onLink !== undefined) {
        onLink(element);
        continue;
      }
      const ends = LINE_ENDS.has(tag);
      if (ends) text('\n');
      walk(element, text, onLink);
      if (ends) text('\n');
    }
  }

  walk(doc.body, addText, (link) => {
    const label = wordsOf(link).replace(/\s+/g, ' ');
    const href = siteAddress(link.getAttribute('href'), site, siteOrigins);
    if (href === null || label.trim() === '') addText(label);
    else pieces.push({ text: label.trim(), href });
  });

  // Runs of spaces become one; a line end swallows the spaces and line ends after it.
  const tidy = pieces
    .map((piece) =>
      'href' in piece ? piece : { text: piece.text.replace(/ +/g, ' ').replace(/ ?\n[ \n]*/g, '\n') },
    )
    .filter((piece) => piece.text !== '');
  const first = tidy[0];
  if (first !== undefined && !('href' in first)) first.text = first.text.replace(/^\s+/, '');
  const last = tidy.at(-1);
  if (last !== undefined && !('href' in last)) last.text = last.text.replace(/\s+$/, '');
  return tidy.filter((piece) => piece.text !== '');
}
