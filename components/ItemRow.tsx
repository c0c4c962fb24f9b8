import type { ComponentChildren } from 'preact';
import './ItemRow.css';

/**
 * One row of a list of what happened (the feed's activity, the member's messages), in a `ul` of
 * class `item-list`: the avatar at its start, the words beside it; tinted, with a bar at its start,
 * while it is new (unread). `data` carries the row's markers.
 */
export function ItemRow({
  class: className,
  isNew,
  avatar,
  data,
  children,
}: {
  class: string;
  isNew: boolean;
  avatar: ComponentChildren;
  data: Record<`data-${string}`, string | undefined>;
  children: ComponentChildren;
}) {
  return (
    <li class={`item-row ${className}${isNew ? ' is-new' : ''}`} {...data}>
      <span class="item-avatar">{avatar}</span>
      <div class="item-body">{children}</div>
    </li>
  );
}

/** "New" ("Unread") beside a row's time. */
export function NewMark({ text }: { text: string }) {
  return <span class="new-mark">{text}</span>;
}
