import type { ComponentChildren, Ref } from 'preact';
import { useId, useState } from 'preact/hooks';
import { plural } from '@/lib/i18n';

/**
 * The muted messages, folded away above the list: "3 muted messages" (and how many of them are new,
 * which the badge does not count), a disclosure that shows them when opened: never lost. In the mute
 * actions' chunk (mute-actions.ts), with the Unmute buttons its rows carry.
 */
export function MutedFold(props: {
  /** How many messages are muted (a group counts each of its messages). */
  count: number;
  /** How many of them are unread. */
  unread: number;
  toggleRef: Ref<HTMLButtonElement>;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div class="muted-fold" data-testid="muted-fold" data-count={String(props.count)}>
      <button
        ref={props.toggleRef}
        type="button"
        class="muted-fold-toggle"
        data-testid="muted-fold-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {plural('mutes.fold', props.count)}
        {props.unread > 0 && (
          <span class="muted-fold-unread"> {plural('mutes.foldUnread', props.unread)}</span>
        )}
      </button>
      {open && (
        <ul id={id} class="item-list message-list">
          {props.children}
        </ul>
      )}
    </div>
  );
}
