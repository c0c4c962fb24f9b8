import type { ComponentChildren } from 'preact';
import './Empty.css';

/**
 * What a list shows in place of its items: a sentence (`loading` while its first read runs), or a
 * block with a sentence and what to do about it (`block`).
 */
export function Empty({
  loading = false,
  block = false,
  children,
}: {
  loading?: boolean;
  block?: boolean;
  children: ComponentChildren;
}) {
  if (block) return <div class="empty">{children}</div>;
  return <p class={loading ? 'empty loading' : 'empty'}>{children}</p>;
}
