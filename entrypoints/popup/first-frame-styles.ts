/**
 * The stylesheet of the member's snapshot (first-frame-snapshot.ts): the rules of the popup's
 * stylesheets that style what the snapshot holds, in their order, saved with it. The next open's
 * first frame applies only these and parses no other CSS (the popup's own stylesheets apply with the
 * app: page-stylesheets.ts). Loaded with the snapshot's writer, after the popup's first frame.
 *
 * A rule is kept when one of its selectors matches the page or what `root` holds, its states and
 * pseudo-elements set aside (a rule for `:hover` or `::before` of a shown element is kept), both
 * colour schemes' and both directions' rules of what shows: the snapshot looks as the popup did.
 * A selector that can't be judged keeps its rule.
 */

/** Any pseudo-class or pseudo-element, with its argument. */
const PSEUDO = /::?[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?/g;
/** A direction, in any form the stylesheets write it. */
const DIRECTION = /\[dir=["']?(rtl|ltr)["']?\]/g;

function shows(doc: Document, root: Element, selector: string): boolean {
  const matches = (candidate: string) =>
    doc.documentElement.matches(candidate) ||
    (doc.body?.matches(candidate) ?? false) ||
    root.querySelector(candidate) !== null;
  try {
    if (matches(selector)) return true;
    // States, pseudo-elements, and the other direction's rules of an element that shows.
    const plain = selector.replace(PSEUDO, '').replace(DIRECTION, '').trim();
    return plain !== '' && !/[>+~,(]\s*$|^\s*[>+~]/.test(plain) ? matches(plain) : true;
  } catch {
    return true;
  }
}

function keptRules(doc: Document, root: Element, rules: CSSRuleList): string {
  let kept = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      if (shows(doc, root, rule.selectorText)) kept += rule.cssText;
    } else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
      const inner = keptRules(doc, root, rule.cssRules);
      if (inner !== '')
        kept += `@${rule instanceof CSSMediaRule ? 'media' : 'supports'} ${rule.conditionText}{${inner}}`;
    } else kept += rule.cssText;
  }
  return kept;
}

/** The rules of `doc`'s stylesheets that style the page and what `root` holds. */
export function stylesUsed(doc: Document, root: Element): string {
  let css = '';
  for (const sheet of Array.from(doc.styleSheets)) {
    try {
      css += keptRules(doc, root, sheet.cssRules);
    } catch {
      // A sheet whose rules can't be read (none here: the popup's are its own files).
    }
  }
  return css;
}
