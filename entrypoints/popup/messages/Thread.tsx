import { useEffect, useState } from 'preact/hooks';
import { Avatar } from '@/components/Avatar';
import { errorSentence } from '@/components/error-sentence';
import { RelativeTime } from '@/components/RelativeTime';
import { SiteLink } from '@/components/SiteLink';
import { TranslateButtons, TranslationOutput, useTextTranslation } from '@/components/TextTranslation';
import { t } from '@/lib/i18n';
import {
  type DeleteOutcome,
  type MessageThread,
  type ThreadComment,
  type ThreadKind,
  threadKey,
} from '@/lib/messages/messages-model';
import { canDelete, threadComments } from '@/lib/messages/replies-model';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../background-messages';
import { CommentText } from './CommentText';
import { messageLinks } from './links';
import { useThread } from './messages-data';
import { deleteFailureSentence } from './outcome-sentence';
import { ReplyBox } from './ReplyBox';

/** The comment to open the composer under: one with a draft (the message's own first), else the message's. */
function initialReplyTarget(thread: MessageThread | null, commentId: number, drafted: readonly number[]) {
  if (drafted.includes(commentId) || thread === null) return commentId;
  return drafted.find((id) => threadComments(thread).some((c) => c.id === id)) ?? commentId;
}

function CommentRow(props: {
  thread: MessageThread;
  comment: ThreadComment;
  member: SessionUser;
  highlighted: boolean;
  replying: boolean;
  onReply: () => void;
  onPosted: (comment: ThreadComment) => void;
}) {
  const { thread, comment, member } = props;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deletable = canDelete(thread, comment, member.id);
  const translation = useTextTranslation(comment.content);

  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    const outcome: DeleteOutcome = await sendMessage('deleteMessageComment', {
      member: member.username,
      kind: thread.kind,
      objectId: thread.objectId,
      commentId: thread.commentId,
      targetId: comment.id,
    }).catch(
      (): DeleteOutcome => ({ ok: false, kind: 'failed', error: { kind: 'unknown', at: Date.now() } }),
    );
    setDeleting(false);
    setConfirming(false);
    if (!outcome.ok) setError(deleteFailureSentence(outcome));
  };

  return (
    <li
      class={`${comment.parentId === null ? 'comment is-top' : 'comment is-reply'}${props.highlighted ? ' is-message' : ''}`}
      data-testid="comment"
      data-comment-id={String(comment.id)}
    >
      <Avatar src={comment.author.image} name={comment.author.username} size={24} />
      <div class="comment-body">
        <p class="comment-head">
          <SiteLink
            href={messageLinks.user(comment.author.username)}
            text={comment.author.username}
            class="user-link"
          />
          <a
            class="comment-time"
            href={messageLinks.comment(thread.kind, thread.objectId, comment.id)}
            target="_blank"
            rel="noreferrer"
          >
            <RelativeTime time={comment.createdAt} />
          </a>
        </p>
        <p class="comment-content">
          <CommentText text={comment.content} />
        </p>
        {translation !== null && <TranslationOutput control={translation} />}
        <div class="comment-actions">
          <button
            type="button"
            class="text-button"
            data-testid="comment-reply"
            onClick={props.onReply}
            aria-expanded={props.replying}
          >
            {t('messagesTab.thread.reply')}
          </button>
          {deletable && !confirming && (
            <button
              type="button"
              class="text-button danger"
              data-testid="delete-comment"
              aria-label={t('messagesTab.thread.deleteLabel', [comment.author.username])}
              onClick={() => setConfirming(true)}
            >
              {t('messagesTab.thread.delete')}
            </button>
          )}
          {/* Beside Reply, as the site's pages have Translate in a comment's row of actions. */}
          {translation !== null && <TranslateButtons control={translation} />}
        </div>
        {confirming && (
          <div class="confirm">
            <span>{t('messagesTab.thread.deleteConfirm')}</span>
            <button
              type="button"
              class="small-button danger"
              data-testid="delete-confirm"
              disabled={deleting}
              onClick={() => void remove()}
            >
              {deleting ? t('messagesTab.thread.deleting') : t('messagesTab.thread.deleteYes')}
            </button>
            <button
              type="button"
              class="small-button"
              onClick={() => setConfirming(false)}
              disabled={deleting}
            >
              {t('messagesTab.thread.deleteNo')}
            </button>
          </div>
        )}
        {error !== null && (
          <p class="comment-error" data-testid="comment-error" role="alert">
            {error}
          </p>
        )}
        {props.replying && (
          <ReplyBox username={member.username} thread={thread} replied={comment} onPosted={props.onPosted} />
        )}
      </div>
    </li>
  );
}

/**
 * A comment message's conversation, read when opened (the background caches it): the top-level
 * comment and its replies, a composer under the comment replied to, delete where the site allows.
 */
export function Thread(props: {
  member: SessionUser;
  kind: ThreadKind;
  objectId: number;
  commentId: number;
  /** Comments of this thread with a draft. */
  drafted: readonly number[];
}) {
  const { member, kind, objectId, commentId } = props;
  const key = threadKey(kind, objectId, commentId);
  const thread = useThread(member.username, key);
  const [replyTo, setReplyTo] = useState<number | null>(() =>
    initialReplyTarget(thread, commentId, props.drafted),
  );
  const [posted, setPosted] = useState(false);

  useEffect(() => {
    sendMessage('openMessageThread', { kind, objectId, commentId }).catch(() => undefined);
  }, [kind, objectId, commentId]);

  const comments = thread === null ? [] : threadComments(thread);
  const loading = thread === null || (thread.loading && comments.length === 0);

  return (
    <div class="thread" data-testid="thread" data-thread={key} aria-busy={thread?.loading ?? true}>
      {thread?.error != null && (
        <p class="comment-error" role="alert">
          {/* A conversation is read again when opened again, not by itself: no "It will try again". */}
          {errorSentence({ ...thread.error, retryAfterMs: undefined })}
        </p>
      )}
      {loading && thread?.error == null ? (
        <p class="thread-note">
          <span class="spinner" aria-hidden="true" /> {t('messagesTab.thread.loading')}
        </p>
      ) : thread?.missing ? (
        <p class="thread-note">
          {t('messagesTab.thread.missing')}{' '}
          <a href={messageLinks.comment(kind, objectId, commentId)} target="_blank" rel="noreferrer">
            {t('messagesTab.thread.openOnSite')}
          </a>
        </p>
      ) : (
        <ul class="comments">
          {comments.map((comment) => (
            <CommentRow
              key={comment.id}
              thread={thread as MessageThread}
              comment={comment}
              member={member}
              highlighted={comment.id === commentId}
              replying={replyTo === comment.id}
              onReply={() => {
                setPosted(false);
                setReplyTo(replyTo === comment.id ? null : comment.id);
              }}
              onPosted={() => {
                setReplyTo(null);
                setPosted(true);
              }}
            />
          ))}
        </ul>
      )}
      <p class="thread-status" role="status">
        {posted && t('messagesTab.thread.posted')}
      </p>
    </div>
  );
}
