import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { Avatar } from '@/components/Avatar';
import { ItemRow, NewMark } from '@/components/ItemRow';
import { RelativeTime } from '@/components/RelativeTime';
import { t } from '@/lib/i18n';
import { type MessageRow, rowType } from '@/lib/messages/message-groups-model';
import { commentPlaceOf, threadKey } from '@/lib/messages/messages-model';
import type { SessionUser } from '@/lib/session/session-model';
import { CommentText } from './CommentText';
import { CuratorInvite } from './CuratorInvite';
import { messageLinks } from './links';
import { MessageSentence } from './message-sentence';
import { SearchTerms } from './search-marks';

type ThreadView = typeof import('./thread-view');
/** The conversation's chunk, once loaded: a conversation opens only then, so it renders at once. */
let threadView: ThreadView | null = null;
let loadingThreadView: Promise<ThreadView> | null = null;
/** Loads the chunk once; pointing at or focusing a conversation's toggle starts it before the click. */
const loadThreadView = (): Promise<ThreadView> =>
  (loadingThreadView ??= import('./thread-view').then((module) => {
    threadView = module;
    return module;
  }));

/**
 * One message of the Messages tab, a row of the list or of an opened group (./MessageGroup.tsx):
 * the actor's avatar, the site's sentence with its links, the comment fragment, when, and whether
 * it is unread; a comment message opens its conversation in place.
 */
export function MessageItem(props: {
  row: Extract<MessageRow, { kind: 'single' }>;
  member: SessionUser;
  drafts: readonly string[];
  /** The row's mute menu, or in the muted fold its unmute buttons. */
  actions?: ComponentChildren;
}) {
  const { row, member } = props;
  const newest = row.message;
  const place = commentPlaceOf(newest);
  const key = place === null ? null : threadKey(place.kind, place.objectId, place.commentId);
  // Comments of this thread with a draft: such a conversation opens by itself, draft shown.
  const drafted =
    key === null
      ? []
      : props.drafts
          .filter((draft) => draft.startsWith(`${key}>`))
          .map((draft) => Number(draft.slice(key.length + 1)));
  const [open, setOpen] = useState(drafted.length > 0);
  // A conversation opened by its draft: shown as soon as its chunk is there.
  const [, setLoaded] = useState(threadView !== null);
  useEffect(() => {
    if (open && threadView === null) loadThreadView().then(() => setLoaded(true), console.error);
  }, [open]);
  const toggle = () => {
    if (open || threadView !== null) setOpen(!open);
    else loadThreadView().then(() => setOpen(true), console.error);
  };
  const Thread = threadView?.Thread;
  const comment = newest.type === 'addcomment' ? newest : null;
  const threadId = key === null ? undefined : `thread-${key.replace(/[^A-Za-z0-9-]/g, '-')}`;

  return (
    <ItemRow
      class="message-item"
      isNew={row.unread}
      data={{
        'data-testid': 'message-item',
        'data-type': rowType(row),
        'data-message-id': String(newest.id),
        'data-message-ids': String(newest.id),
        'data-unread': row.unread ? 'true' : undefined,
        // While searching, the tab shows the matching rows only.
        'data-match': useContext(SearchTerms)?.terms.length ? 'true' : undefined,
      }}
      avatar={
        <Avatar
          src={newest.type === 'userjoin' ? null : messageLinks.avatar(newest.actor_id)}
          name={newest.actor_username}
          size={32}
        />
      }
    >
      <p class="item-sentence message-sentence">
        <MessageSentence row={row} me={member.username} />
      </p>
      {/* Open, the conversation shows the whole comment (highlighted): no fragment twice. */}
      {comment !== null && !(open && place !== null) && comment.comment_fragment.trim() !== '' && (
        <p class="message-fragment">
          <CommentText text={comment.comment_fragment} />
        </p>
      )}
      <p class="message-meta">
        <RelativeTime time={newest.datetime_created} />
        {row.unread && <NewMark text={t('messagesTab.unreadMark')} />}
        {comment !== null &&
          (place === null ? (
            <a href={messageLinks.commentOf(comment)} target="_blank" rel="noreferrer">
              {t('messagesTab.thread.openOnSite')}
            </a>
          ) : (
            <button
              type="button"
              class="text-button thread-toggle"
              aria-expanded={open}
              aria-controls={open ? threadId : undefined}
              data-testid="thread-toggle"
              onPointerEnter={() => void loadThreadView()}
              onFocus={() => void loadThreadView()}
              onClick={toggle}
            >
              {open ? t('messagesTab.thread.hide') : t('messagesTab.thread.show')}
            </button>
          ))}
        {props.actions}
      </p>
      {row.kind === 'single' && row.message.type === 'curatorinvite' && (
        <div class="invite-actions">
          <CuratorInvite message={row.message} member={member.username} />
        </div>
      )}
      {open && place !== null && (
        <div id={threadId}>
          {Thread === undefined ? (
            <p class="thread-note" aria-busy="true">
              <span class="spinner" aria-hidden="true" /> {t('messagesTab.thread.loading')}
            </p>
          ) : (
            <Thread
              member={member}
              kind={place.kind}
              objectId={place.objectId}
              commentId={place.commentId}
              drafted={drafted}
            />
          )}
        </div>
      )}
    </ItemRow>
  );
}
