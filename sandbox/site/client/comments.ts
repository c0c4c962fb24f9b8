/**
 * The scratch-www comment component shared by project and studio pages: top-level comments in
 * `div.comments-container > .comments-list`, each `div.comment#comments-<id>` with its replies in
 * `div.replies` after it, a composer (`div.comment.compose-row`) that posts through the REST
 * interface and shows rejections, and `button.load-more-button` appending the next page.
 * Comment text arrives HTML-escaped: it is decoded to text, never parsed.
 */
import { decorateText } from './decorate-text.js';
import { h, notice, userPath } from './dom.js';
import { decodeEntities } from './entities.js';
import { apiGet, apiWrite, avatar, type SessionUser, session } from './net.js';
import { timeAgo } from './time.js';

const PAGE_SIZE = 20;
const MAX_COMMENT_LENGTH = 500;

export interface CommentSource {
  /** REST path of the top-level comments. */
  listPath: string;
  /** REST path of one thread's replies. */
  repliesPath(commentId: number): string;
  /** REST path that creates a comment (POST). */
  postPath: string;
  /** REST path that deletes a comment (DELETE). */
  deletePath(commentId: number): string;
  /** User id of the page's owner (project author, studio host): they may delete any comment. */
  ownerId?: number;
  commentsAllowed: boolean;
}

interface RemoteComment {
  id: number;
  parent_id: number | null;
  content?: string;
  datetime_created?: string;
  visibility?: string;
  reply_count?: number;
  author?: { id?: number; username?: string; image?: string };
}

const REJECTIONS: Record<string, string> = {
  isEmpty: "You can't post an empty comment.",
  isFlood: "Woah, seems like you're commenting really quickly. Please wait longer between posts.",
  isBad:
    'Hmm... the bad word detector thinks there is a problem with your comment. Please change it and remember to be respectful.',
  hasChatSite: 'Uh oh! The comment contains a link to a website with unmoderated chat. Please remove it.',
  isSpam: "Hmm, seems like you've posted the same comment a bunch of times. Please don't spam.",
  isMuted: 'You have been muted: you cannot post comments for a while.',
  isUnconstructive: 'Hmm, the filterbot thinks your comment may be mean or disrespectful. Please be kind.',
  isDisallowed: 'Hmm, it looks like comments have been turned off for this page.',
  isIPMuted: 'Sorry, comments from your network have been turned off for a while.',
  isTooLong: `That comment is too long! Please keep it under ${MAX_COMMENT_LENGTH} characters.`,
  isNotPermitted: 'You need to confirm your email address before you can comment.',
  replyLimitReached: 'This comment thread has reached its limit of replies. Start a new thread instead.',
};

export function rejectionSentence(code: unknown): string {
  return (typeof code === 'string' && REJECTIONS[code]) || 'Sorry, your comment could not be posted.';
}

interface Context {
  source: CommentSource;
  me: SessionUser | null;
}

function commentElement(comment: RemoteComment, context: Context, thread: Thread): HTMLElement {
  const username = comment.author?.username ?? context.me?.username ?? '';
  const authorId = comment.author?.id ?? context.me?.id ?? 0;
  const me = context.me;
  const canDelete = me !== null && (me.id === authorId || me.id === context.source.ownerId);
  const element = h(
    'div',
    { class: 'flex-row comment', id: `comments-${comment.id}`, 'data-comment-id': comment.id },
    h(
      'a',
      { href: userPath(username), class: 'comment-avatar' },
      h('img', { class: 'avatar', src: avatar(authorId), alt: '' }),
    ),
    h(
      'div',
      { class: 'comment-body' },
      h(
        'div',
        { class: 'comment-top-row' },
        h('a', { class: 'username', href: userPath(username) }, username),
        h(
          'div',
          { class: 'action-list' },
          canDelete &&
            h(
              'span',
              {
                class: 'comment-delete',
                role: 'button',
                tabindex: 0,
                onclick: () => void deleteComment(comment, element, context),
              },
              'Delete',
            ),
        ),
      ),
      h(
        'div',
        { class: 'comment-bubble' },
        h('span', { class: 'comment-content' }, ...decorateText(decodeEntities(comment.content ?? ''))),
        h(
          'div',
          { class: 'flex-row comment-bottom-row' },
          h(
            'span',
            { class: 'comment-time', title: comment.datetime_created ?? '' },
            timeAgo(comment.datetime_created),
          ),
          h(
            'span',
            {
              class: 'comment-reply',
              role: 'button',
              tabindex: 0,
              onclick: () => thread.openReplyComposer({ id: authorId, username }),
            },
            'reply',
          ),
        ),
      ),
    ),
  );
  return element;
}

async function deleteComment(comment: RemoteComment, element: HTMLElement, context: Context): Promise<void> {
  if (!confirm('Delete this comment?')) return;
  try {
    await apiWrite('DELETE', context.source.deletePath(comment.id));
    // A deleted top-level comment takes its thread with it.
    (comment.parent_id === null ? element.closest('.comment-container') : element)?.remove();
  } catch {
    alert('Sorry, the comment could not be deleted.');
  }
}

/** A composer: `div.comment.compose-row` with a textarea, a counter, post and an error row. */
function composer(
  context: Context,
  options: {
    parentId: number | null;
    commentee: { id: number; username: string } | null;
    onPosted(c: RemoteComment): void;
    onCancel?(): void;
  },
): HTMLElement {
  const textarea = h('textarea', {
    class: 'compose-input',
    name: 'compose-comment',
    rows: 3,
    placeholder: options.commentee ? `Reply to ${options.commentee.username}` : 'Leave a comment',
  });
  const counter = h('span', { class: 'compose-limit' }, `${MAX_COMMENT_LENGTH} characters left`);
  const error = h('div', { class: 'compose-error-row', role: 'alert', hidden: true });
  const post = h('button', { class: 'button compose-post', type: 'button' }, 'Post');
  textarea.addEventListener('input', () => {
    counter.textContent = `${MAX_COMMENT_LENGTH - textarea.value.length} characters left`;
    counter.classList.toggle('compose-over', textarea.value.length > MAX_COMMENT_LENGTH);
  });
  post.addEventListener('click', async () => {
    post.disabled = true;
    error.hidden = true;
    try {
      const body = await apiWrite<RemoteComment & { rejected?: string }>('POST', context.source.postPath, {
        content: textarea.value,
        parent_id: options.parentId === null ? '' : String(options.parentId),
        commentee_id: options.commentee ? String(options.commentee.id) : '',
      });
      if (body.rejected !== undefined) {
        error.textContent = rejectionSentence(body.rejected);
        error.hidden = false;
        return;
      }
      textarea.value = '';
      textarea.dispatchEvent(new Event('input'));
      options.onPosted(body);
    } catch {
      error.textContent = 'Sorry, your comment could not be posted. Please try again.';
      error.hidden = false;
    } finally {
      post.disabled = false;
    }
  });
  const me = context.me;
  return h(
    'div',
    { class: 'flex-row comment compose-row' },
    h('img', { class: 'avatar', src: avatar(me?.id ?? 0), alt: '' }),
    h(
      'div',
      { class: 'compose-body' },
      error,
      textarea,
      h(
        'div',
        { class: 'compose-bottom-row' },
        post,
        options.onCancel &&
          h(
            'button',
            { class: 'button compose-cancel', type: 'button', onclick: options.onCancel },
            'Cancel',
          ),
        counter,
      ),
    ),
  );
}

/** One top-level comment with its replies. */
class Thread {
  readonly element: HTMLElement;
  private readonly replies = h('div', { class: 'flex-row replies column' });
  private readonly moreReplies = h(
    'button',
    { class: 'button see-more-replies', type: 'button', hidden: true },
    'See more replies',
  );
  private replyComposer: HTMLElement | null = null;
  private loadedReplies = 0;

  constructor(
    private readonly comment: RemoteComment,
    private readonly context: Context,
  ) {
    this.moreReplies.addEventListener('click', () => void this.loadReplies());
    this.element = h(
      'div',
      { class: 'flex-row comment-container' },
      commentElement(comment, context, this),
      this.replies,
    );
    this.replies.append(this.moreReplies);
  }

  async loadReplies(): Promise<void> {
    this.moreReplies.disabled = true;
    try {
      const page = await apiGet<RemoteComment[]>(this.context.source.repliesPath(this.comment.id), {
        offset: this.loadedReplies,
        limit: PAGE_SIZE,
      });
      for (const reply of page) this.addReply(reply);
      this.loadedReplies += page.length;
      this.moreReplies.hidden = page.length < PAGE_SIZE;
    } catch {
      this.moreReplies.hidden = false;
    } finally {
      this.moreReplies.disabled = false;
    }
  }

  addReply(reply: RemoteComment): void {
    if (reply.visibility === 'deleted') return;
    this.moreReplies.before(
      h('div', { class: 'flex-row comment-container' }, commentElement(reply, this.context, this)),
    );
  }

  openReplyComposer(commentee: { id: number; username: string }): void {
    if (!this.context.me) {
      location.assign(`/login/?next=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (!this.context.source.commentsAllowed) return;
    this.replyComposer?.remove();
    this.replyComposer = composer(this.context, {
      parentId: this.comment.id,
      commentee,
      onPosted: (posted) => {
        this.addReply(posted);
        this.replyComposer?.remove();
        this.replyComposer = null;
      },
      onCancel: () => {
        this.replyComposer?.remove();
        this.replyComposer = null;
      },
    });
    this.replies.before(this.replyComposer);
    this.replyComposer.querySelector('textarea')?.focus();
  }
}

/** Renders the comment section into `host` and loads the first page. */
export async function mountComments(host: HTMLElement, source: CommentSource): Promise<void> {
  const me = await session();
  const context: Context = { source, me };
  const list = h('div', { class: 'flex-row comments-list' });
  const loadMore = h(
    'button',
    { class: 'button load-more-button', type: 'button', hidden: true },
    'Load More',
  );
  list.append(loadMore);
  let loaded = 0;

  const addThread = (comment: RemoteComment, where: 'end' | 'start') => {
    if (comment.visibility === 'deleted') return null;
    const thread = new Thread(comment, context);
    if (where === 'start') list.prepend(thread.element);
    else loadMore.before(thread.element);
    return thread;
  };

  let header: HTMLElement | null;
  if (!source.commentsAllowed) header = notice('Comments are turned off for this page.', 'empty');
  else if (!me)
    header = h(
      'div',
      { class: 'comments-sign-in' },
      h('a', { href: `/login/?next=${encodeURIComponent(location.pathname)}` }, 'Sign in'),
      ' to leave a comment.',
    );
  else
    header = h(
      'div',
      { class: 'comments-root-reply' },
      composer(context, { parentId: null, commentee: null, onPosted: (c) => void addThread(c, 'start') }),
    );

  const status = notice('Loading comments…');
  host.replaceChildren(
    h(
      'div',
      { class: 'comments-container' },
      h('div', { class: 'comments-header' }, h('h4', null, 'Comments')),
      header,
      list,
    ),
  );
  list.before(status);

  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const page = await apiGet<RemoteComment[]>(source.listPath, { offset: loaded, limit: PAGE_SIZE });
      loaded += page.length;
      const threads = page.map((comment) => addThread(comment, 'end'));
      loadMore.hidden = page.length < PAGE_SIZE;
      status.remove();
      if (loaded === 0) list.before(notice('No comments yet.', 'empty'));
      await Promise.all(
        threads.map((thread, index) =>
          (page[index]?.reply_count ?? 0) > 0 ? thread?.loadReplies() : undefined,
        ),
      );
      if (location.hash.startsWith('#comments-'))
        document.getElementById(location.hash.slice(1))?.scrollIntoView();
    } catch {
      status.textContent = 'Comments could not be loaded.';
      status.className = 'notice notice-error';
      loadMore.hidden = loaded === 0;
    } finally {
      loadMore.disabled = false;
    }
  };
  loadMore.addEventListener('click', () => void loadPage());
  await loadPage();
}
