import type { ComponentChild } from 'preact';

/** A link to a page of the site, in a new tab. Remote text is a text child, isolated for bidi. */
export function SiteLink({
  href,
  text,
  class: className,
}: {
  href: string;
  /** Remote text, or remote text with marks (the popup's search). */
  text: ComponentChild;
  class?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noreferrer" class={className}>
      <bdi>{text}</bdi>
    </a>
  );
}
