/**
 * The scratch-www comment component shared by project and studio pages, in the two layouts the live
 * site wraps it in:
 * - project (`src/views/preview/presentation.jsx`): `div.comments-container` with
 *   `div.flex-row.comments-header > h4`, `div.flex-row.comments-root-reply` (the composer) and
 *   `div.flex-row.comments-list` holding the threads, then `button.button.load-more-button`;
 * - studio (`src/views/studio/studio-comments.jsx`): `div.studio-compose-container` with
 *   `div.studio-header-container > h2`, then an unnamed `div` holding the optional
 *   `div.comments-root-reply`, the threads and `button.button.load-more-button`: no `.comments-list`.
 * A thread (`src/views/preview/comment/top-level-comment.jsx`) is `div.flex-row.comment-container`:
 * the comment, then (when it has replies) `div.flex-row.replies.column` with the reply comments
 * directly in it, three shown until `a.expand-thread` expands the thread (and, expanded, loads 25 more).
 * A comment (`comment.jsx`) is `div.flex-row.comment#comments-<id>` (avatar link, `comment-body` with
 * `a.username`, `div.comment-bubble > span.comment-content` and `div.comment-bottom-row`); a reply's
 * text starts with `@<name of the member replied to> `, and the reply composer opens inside the
 * comment replied to (`div.comment-reply-row`). The composer (`compose-comment.jsx`) is also a
 * `div.flex-row.comment` (`.compose-row`). Comment text arrives HTML-escaped: decoded to text, never
 * parsed.
 */
import { decorateText } from './decorate-text.js';
import { h, notice, userPath } from './dom.js';
import { decodeEntities } from './entities.js';
import { apiGet, apiWrite, avatar, type SessionUser, session } from './net.js';
import { timeAgo } from './time.js';

/** `COMMENT_LIMIT` and `REPLY_LIMIT` of `src/redux/project-comment-actions.js` (studios: the same). */
const PAGE_SIZE = 20;
const REPLY_PAGE_SIZE = 25;
/** Replies a collapsed thread shows (top-level-comment.jsx). */
const COLLAPSED_REPLIES = 3;
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

export interface CommentsOptions {
  /** `project` (presentation.jsx, the default) or `studio` (studio-comments.jsx). */
  layout?: 'project' | 'studio';
}

interface RemoteComment {
  id: number;
  parent_id: number | null;
  commentee_id?: number | null;
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

type Person = { id: number; username: string };

function commentElement(
  comment: RemoteComment,
  context: Context,
  thread: Thread,
  replyUsername: string | null,
): HTMLElement {
  const username = comment.author?.username ?? context.me?.username ?? '';
  const authorId = comment.author?.id ?? context.me?.id ?? 0;
  const me = context.me;
  const canDelete = me !== null && (me.id === authorId || me.id === context.source.ownerId);
  const text = decodeEntities(comment.content ?? '');
  const body = h(
    'div',
    { class: 'flex-row comment-body column' },
    h(
      'div',
      { class: 'flex-row comment-top-row' },
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
              onclick: () => void thread.deleteComment(comment, element),
            },
            'Delete',
          ),
      ),
    ),
    h(
      'div',
      { class: 'comment-bubble' },
      // comment.jsx: a reply's text starts with `@<name of the member replied to> `.
      h(
        'span',
        { class: 'comment-content' },
        ...decorateText(replyUsername === null ? text : `@${replyUsername} ${text}`),
      ),
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
            onclick: () => thread.openReplyComposer(body, { id: authorId, username }),
          },
          'reply',
        ),
      ),
    ),
  );
  const element = h(
    'div',
    { class: 'flex-row comment', id: `comments-${comment.id}`, 'data-comment-id': comment.id },
    h(
      'a',
      { href: userPath(username), class: 'comment-avatar' },
      h('img', { class: 'avatar', src: avatar(authorId), alt: '' }),
    ),
    body,
  );
  return element;
}

/** A composer: `div.flex-row.comment.compose-row` with a textarea, post, cancel, a counter and an error row. */
function composer(
  context: Context,
  options: {
    parentId: number | null;
    commentee: Person | null;
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
    h(
      'a',
      { href: userPath(me?.username ?? '') },
      h('img', { class: 'avatar', src: avatar(me?.id ?? 0), alt: '' }),
    ),
    h(
      'div',
      { class: 'flex-row compose-comment column compose-body' },
      error,
      textarea,
      h(
        'div',
        { class: 'flex-row compose-bottom-row' },
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

/**
 * One top-level comment with its replies (top-level-comment.jsx): `div.flex-row.comment-container`
 * holding the comment, then `div.flex-row.replies.column` once there are replies. Collapsed, the
 * thread shows its first three replies and `a.expand-thread`; expanded, all loaded replies, and the
 * link loads the next 25 while the last read came back full.
 */
class Thread {
  readonly element: HTMLElement;
  private readonly replies: RemoteComment[] = [];
  private readonly replyElements = new Map<number, HTMLElement>();
  private readonly box = h('div', { class: 'flex-row replies column' });
  private readonly expandLink = h(
    'a',
    { class: 'expand-thread', role: 'button', tabindex: 0 },
    'See more replies',
  );
  private expanded = false;
  private moreToLoad = false;
  private loading = false;
  private replyComposer: HTMLElement | null = null;

  constructor(
    private readonly comment: RemoteComment,
    private readonly context: Context,
  ) {
    this.expandLink.addEventListener('click', () => void this.expand());
    this.element = h(
      'div',
      { class: 'flex-row comment-container' },
      commentElement(comment, context, this, null),
    );
  }

  private async expand(): Promise<void> {
    if (this.expanded) await this.loadReplies();
    else {
      this.expanded = true;
      this.render();
    }
  }

  /** Reads the next page of replies (offset: the replies held so far). */
  async loadReplies(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      const page = await apiGet<RemoteComment[]>(this.context.source.repliesPath(this.comment.id), {
        offset: this.replies.length,
        limit: REPLY_PAGE_SIZE,
      });
      const known = new Set(this.replies.map((r) => r.id));
      this.replies.push(...page.filter((reply) => !known.has(reply.id)));
      this.moreToLoad = page.length === REPLY_PAGE_SIZE;
      this.render();
    } catch {
      // Left as it was: the link stays for another try.
    } finally {
      this.loading = false;
    }
  }

  /** The name a reply answers (`authorUsername` of top-level-comment.jsx: the thread's author by default). */
  private replyUsername(commenteeId: number | null | undefined): string {
    const names = new Map<number, string>();
    const add = (c: RemoteComment) => {
      if (c.author?.id !== undefined && c.author.username !== undefined)
        names.set(c.author.id, c.author.username);
    };
    add(this.comment);
    for (const reply of this.replies) add(reply);
    return (commenteeId != null && names.get(commenteeId)) || this.comment.author?.username || '';
  }

  private render(): void {
    const visible = (this.expanded ? this.replies : this.replies.slice(0, COLLAPSED_REPLIES)).filter(
      (reply) => reply.visibility !== 'deleted',
    );
    if (visible.length === 0) {
      this.box.remove();
      return;
    }
    const wanted = visible.map((reply) => {
      let element = this.replyElements.get(reply.id);
      if (!element) {
        element = commentElement(reply, this.context, this, this.replyUsername(reply.commentee_id));
        this.replyElements.set(reply.id, element);
      }
      return element;
    });
    const showLink =
      (!this.expanded && this.replies.length > COLLAPSED_REPLIES) || (this.expanded && this.moreToLoad);
    const children = showLink ? [...wanted, this.expandLink] : wanted;
    // Keep nodes in place (React reconciles by key): only add what is new and drop what went.
    for (const child of [...this.box.children]) if (!children.includes(child as HTMLElement)) child.remove();
    let previous: Element | null = null;
    for (const child of children) {
      const expected: Element | null = previous ? previous.nextElementSibling : this.box.firstElementChild;
      if (expected !== child) {
        if (previous) previous.after(child);
        else this.box.prepend(child);
      }
      previous = child;
    }
    if (!this.box.isConnected || this.box.parentElement !== this.element) this.element.append(this.box);
  }

  addReply(reply: RemoteComment): void {
    // ADD_NEW_COMMENT of src/redux/comments.js: a reply goes at the end of the thread.
    this.replies.push(reply);
    this.render();
  }

  /** Opens the reply composer inside the comment replied to (`div.comment-reply-row`, comment.jsx). */
  openReplyComposer(commentBody: HTMLElement, commentee: Person): void {
    if (!this.context.me) {
      location.assign(`/login/?next=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (!this.context.source.commentsAllowed) return;
    this.closeReplyComposer();
    const close = () => this.closeReplyComposer();
    this.replyComposer = h(
      'div',
      { class: 'flex-row comment-reply-row' },
      composer(this.context, {
        parentId: this.comment.id,
        commentee,
        onPosted: (posted) => {
          this.addReply(posted);
          close();
        },
        onCancel: close,
      }),
    );
    commentBody.append(this.replyComposer);
    this.replyComposer.querySelector('textarea')?.focus();
  }

  private closeReplyComposer(): void {
    this.replyComposer?.remove();
    this.replyComposer = null;
  }

  async deleteComment(comment: RemoteComment, element: HTMLElement): Promise<void> {
    if (!confirm('Delete this comment?')) return;
    try {
      await apiWrite('DELETE', this.context.source.deletePath(comment.id));
      if (comment.id === this.comment.id) {
        // A deleted top-level comment takes its thread with it.
        this.element.remove();
        return;
      }
      const index = this.replies.findIndex((reply) => reply.id === comment.id);
      if (index >= 0) this.replies.splice(index, 1);
      this.replyElements.delete(comment.id);
      element.remove();
      this.render();
    } catch {
      alert('Sorry, the comment could not be deleted.');
    }
  }
}

/**
 * Renders the comment section into `host` and loads the first page. `layout` picks the project
 * page's frame (`div.comments-container > .comments-list`) or the studio's (no list class).
 */
export async function mountComments(
  host: HTMLElement,
  source: CommentSource,
  options: CommentsOptions = {},
): Promise<void> {
  const layout = options.layout ?? 'project';
  const me = await session();
  const context: Context = { source, me };
  const loadMore = h('button', { class: 'button load-more-button', type: 'button' }, 'Load More');
  let loaded = 0;

  // Where the threads go: `div.comments-list` (project) or the unnamed div (studio). Threads sit
  // after the composer and before the "Load More" button, which is there only while more may come.
  const list = h('div', layout === 'project' ? { class: 'flex-row comments-list' } : null);
  const addThread = (comment: RemoteComment, where: 'end' | 'start') => {
    if (comment.visibility === 'deleted') return null;
    const thread = new Thread(comment, context);
    if (where === 'start') {
      const before = list.querySelector(':scope > .comment-container');
      if (before) before.before(thread.element);
      else if (loadMore.parentElement === list) loadMore.before(thread.element);
      else list.append(thread.element);
    } else if (loadMore.parentElement === list) loadMore.before(thread.element);
    else list.append(thread.element);
    return thread;
  };
  const rootComposer = () =>
    composer(context, { parentId: null, commentee: null, onPosted: (c) => void addThread(c, 'start') });

  const status = notice('Loading comments…');
  if (layout === 'project') {
    let rootReply: HTMLElement | null = null;
    if (!source.commentsAllowed)
      rootReply = h('div', { class: 'comments-turned-off' }, 'Comments are turned off for this project.');
    else if (!me)
      // The live page leaves this row empty for visitors ("TODO add box for signing in"); the
      // sandbox says how to comment.
      rootReply = h(
        'div',
        { class: 'comments-sign-in' },
        h('a', { href: `/login/?next=${encodeURIComponent(location.pathname)}` }, 'Sign in'),
        ' to leave a comment.',
      );
    else rootReply = rootComposer();
    host.replaceChildren(
      h(
        'div',
        { class: 'comments-container' },
        h('div', { class: 'flex-row comments-header' }, h('h4', null, 'Comments')),
        h('div', { class: 'flex-row comments-root-reply' }, rootReply),
        status,
        list,
      ),
    );
  } else {
    // studio-comments.jsx: the composer for social members (or "comments turned off"), nothing for visitors.
    if (me)
      list.append(
        source.commentsAllowed
          ? h('div', { class: 'comments-root-reply' }, rootComposer())
          : h('div', { class: 'studio-comments-not-allowed' }, 'Comments are turned off for this studio.'),
      );
    host.replaceChildren(
      h(
        'div',
        { class: 'studio-compose-container' },
        h('div', { class: 'studio-header-container' }, h('h2', null, 'Comments')),
        status,
        list,
      ),
    );
  }

  const loadPage = async () => {
    loadMore.disabled = true;
    try {
      const page = await apiGet<RemoteComment[]>(source.listPath, { offset: loaded, limit: PAGE_SIZE });
      loaded += page.length;
      const threads = page.map((comment) => addThread(comment, 'end'));
      // `moreCommentsToLoad`: the button is rendered only while the last page came back full.
      if (page.length === PAGE_SIZE) list.append(loadMore);
      else loadMore.remove();
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
      if (!status.isConnected) list.before(status);
      if (loaded > 0) list.append(loadMore);
    } finally {
      loadMore.disabled = false;
    }
  };
  loadMore.addEventListener('click', () => void loadPage());
  await loadPage();
}
