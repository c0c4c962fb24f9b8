import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import {
  MAX_REPLY_LENGTH,
  type MessageThread,
  type PostOutcome,
  type ThreadComment,
} from '@/lib/messages/messages-model';
import { draftKey, mentionOf, replyAddress, replyLength } from '@/lib/messages/replies-model';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import { sendMessage } from '../background-messages';
import { draftsSaved, saveDraft, saveUnsavedDrafts, useDraft } from './drafts';
import { postFailureSentence } from './outcome-sentence';

const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The composer under a comment: the mention the site puts in front of a reply, the text (saved as a
 * draft as it is typed), a live counter to the site's 500 characters, and Post (or Ctrl/Cmd+Enter).
 * One send at a time; a rejection or failure shows its sentence and keeps the text.
 */
export function ReplyBox(props: {
  username: string;
  thread: MessageThread;
  replied: ThreadComment;
  onPosted: (comment: ThreadComment) => void;
}) {
  const { username, thread, replied } = props;
  const key = draftKey(thread.key, replied.id);
  const stored = useDraft(username, key);
  const [text, setText] = useState(stored);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  // What an earlier popup, closed within a draft's write, kept in page storage goes to storage now.
  useEffect(() => {
    void saveUnsavedDrafts();
  }, []);

  const mention = mentionOf(replied.author.username);
  const content = replyAddress(thread, replied.id, text)?.content ?? mention + text;
  const length = replyLength(content);
  const over = length > MAX_REPLY_LENGTH;
  const empty = text.trim() === '' || content.trim() === mention.trim();
  const id = `reply-${thread.key}-${replied.id}`.replace(/[^A-Za-z0-9_-]/g, '-');
  /** A draft storage has no room for, even with the caches given up: the member is told; the text stays here. */
  const noRoom = () => setError(postFailureSentence({ ok: false, kind: 'storage-full' }));

  const send = async () => {
    if (inFlight.current || empty || over) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    try {
      // The draft is on disk before anything leaves: a popup closed mid-post loses nothing.
      if (!(await saveDraft(username, key, text))) return noRoom();
      await draftsSaved();
      const request = {
        member: username,
        kind: thread.kind,
        objectId: thread.objectId,
        commentId: thread.commentId,
        repliedId: replied.id,
        text,
      };
      // No answer at all means the background stopped mid-send (the browser may stop it any time):
      // ask once more. A new background first looks for the reply on the site (the service keeps a
      // record of every send until its outcome is known), so this never posts it twice.
      const outcome: PostOutcome = await sendSurvivingRestart(() => sendMessage('postReply', request)).catch(
        (): PostOutcome => ({ ok: false, kind: 'failed', error: { kind: 'unknown', at: Date.now() } }),
      );
      if (outcome.ok) {
        setText('');
        props.onPosted(outcome.comment);
      } else {
        setError(postFailureSentence(outcome));
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <form
      class="reply-box"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label class="visually-hidden" for={id}>
        {t('messagesTab.thread.replyTo', [replied.author.username])}
      </label>
      <div class="reply-field">
        <span class="reply-mention" title={t('messagesTab.thread.mentionLabel', [mention.trim()])}>
          <bdi>{mention.trim()}</bdi>
        </span>
        <textarea
          id={id}
          data-testid="reply-box"
          value={text}
          rows={3}
          maxLength={MAX_REPLY_LENGTH * 2}
          readOnly={sending}
          aria-invalid={over || error !== null}
          aria-describedby={`${id}-counter${error === null ? '' : ` ${id}-error`}`}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLTextAreaElement).value;
            setText(value);
            setError(null);
            void saveDraft(username, key, value).then((saved) => saved || noRoom());
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
      </div>
      {error !== null && (
        <p class="comment-error" id={`${id}-error`} data-testid="comment-error" role="alert">
          {error}
        </p>
      )}
      <div class="reply-actions">
        <span
          class={over ? 'reply-counter over' : 'reply-counter'}
          id={`${id}-counter`}
          data-testid="reply-counter"
          data-length={String(length)}
          data-max={String(MAX_REPLY_LENGTH)}
        >
          <span aria-hidden="true">{t('messagesTab.thread.counter', [length, MAX_REPLY_LENGTH])}</span>
          <span class="visually-hidden">
            {t('messagesTab.thread.counterLabel', [length, MAX_REPLY_LENGTH])}
          </span>
        </span>
        <span class="reply-hint">
          {isMac ? t('messagesTab.thread.sendHintMac') : t('messagesTab.thread.sendHint')}
        </span>
        <button
          type="submit"
          class="reply-send"
          data-testid="reply-send"
          disabled={sending || empty || over}
          aria-busy={sending}
        >
          {sending ? t('messagesTab.thread.sending') : t('messagesTab.thread.send')}
        </button>
      </div>
    </form>
  );
}
