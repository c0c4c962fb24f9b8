/**
 * scratch-www's `decorateText`: @names become links to profiles, site links become links, and
 * (where asked) #tags become search links; the rest stays text. Builds nodes, never parses markup.
 */
import { h } from './dom.js';

const PATTERNS = {
  usernames: /@([\w-]+)/g,
  scratchLinks:
    /((?:^|\s)https?:\/\/(?:[\w-]+\.)*(?:scratch\.mit\.edu|scratch-wiki\.info|127\.0\.0\.1(?::\d+)?)(?:\/(?:\S*[\w:/#[\]@$&'()*+=])?)?(?![^?!,:;\w\s]\S))/g,
  hashtags: /#([\w-]+)/g,
} as const;

type Piece = string | HTMLAnchorElement;

function replace(pieces: Piece[], pattern: RegExp, link: (match: string) => HTMLAnchorElement): Piece[] {
  return pieces.flatMap((piece) => {
    if (typeof piece !== 'string') return [piece];
    const out: Piece[] = [];
    let last = 0;
    for (const match of piece.matchAll(pattern)) {
      const index = match.index ?? 0;
      out.push(piece.slice(last, index), link(match[1] ?? match[0]));
      last = index + match[0].length;
    }
    out.push(piece.slice(last));
    return out.filter((p) => p !== '');
  });
}

export function decorateText(text: string, options: { hashtags?: boolean } = {}): Piece[] {
  let pieces: Piece[] = [text];
  pieces = replace(pieces, PATTERNS.usernames, (name) =>
    h('a', { href: `/users/${encodeURIComponent(name)}` }, `@${name}`),
  );
  pieces = replace(pieces, PATTERNS.scratchLinks, (url) => h('a', { href: url.trim() }, url));
  if (options.hashtags)
    pieces = replace(pieces, PATTERNS.hashtags, (tag) =>
      h('a', { href: `/search/projects?q=${encodeURIComponent(tag)}` }, `#${tag}`),
    );
  return pieces;
}
