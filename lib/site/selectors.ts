/**
 * The live site's markup that Companion reads or writes, in one place: a ledger in which every
 * selector names the live source it follows. scratch-www paths are files of the site's React front
 * end (github.com/scratchfoundation/scratch-www), scratch-gui paths the editor's; legacy (scratchr2)
 * pages have no public source, and cite `docs/site-reference.md`'s "Legacy pages" section, which says
 * what is known of them. When the site changes its markup, this is the file to fix;
 * `selectors.test.ts` runs each selector against the sandbox's pages (which follow the same sources)
 * and checks it finds exactly what it is meant to, composers and pickers excluded.
 */

/** The marker on elements Companion adds to pages, so they can be found (and removed) again. */
export const companionAttribute = 'data-companion';

// ---------------------------------------------------------------------------------------------------
// The message count in the site's navigation bars

/**
 * The count in scratch-www's navigation bar (scratch-www src/components/navigation/www/navigation.jsx:
 * `<span className="message-count show?">{unreadMessageCount} </span>`: two text nodes, the number
 * and a space; React changes the number's own node in place later).
 */
export const navMessageCount = 'li.link.right.messages > a[href="/messages/"] > span.message-count';

/** The class scratch-www puts on the count when it is above 0 (navigation.jsx; hidden otherwise). */
export const navMessageCountShownClass = 'show';

/**
 * The count in the legacy pages' navigation bar (docs/site-reference.md, "Legacy pages": the template
 * renders `<span class="notificationsCount none">0</span>`; the link has no trailing slash).
 */
export const legacyNavMessageCount =
  '#topnav li.messages > a.messages-icon[href="/messages"] > span.notificationsCount';

/** The class that hides the legacy count while it is 0 (docs/site-reference.md, "Legacy pages"). */
export const legacyNavMessageCountHiddenClass = 'none';

/** Both navigation-bar counts, for one query on any page. */
export const anyNavMessageCount = `${navMessageCount}, ${legacyNavMessageCount}`;

// ---------------------------------------------------------------------------------------------------
// The editor (scratch-gui inside scratch-www's project view)

/**
 * The editor's menu bar (scratch-gui src/components/menu-bar/menu-bar.jsx, `styles.menuBar`). Its
 * CSS-module class names are `menu-bar_<name>_<hash>`, the hash changing between releases: match
 * the prefix. The GUI puts a class of its own first (`gui_menu-bar-position_…`), so "contains".
 */
export const editorMenuBar = '[class*="menu-bar_menu-bar_"]';

/**
 * The menu bar's account group (menu-bar.jsx, `styles.accountInfoGroup`): save status, My Stuff,
 * account. By its class fragment alone, with no element type and wherever the class stands: the
 * editor's 2026 updates turned such wrappers from `div` into `aside` and put another class before
 * their own, and the live-site extensions match the class alone since March 2026.
 */
export const editorAccountGroup = '[class*="menu-bar_account-info-group_"]';

/**
 * The signed-in member's My Stuff link inside the account group: by its address's start (menu-bar.jsx
 * renders `<a href={myStuffUrl}>`, `/mystuff/` on the site, which the page that embeds the editor
 * may set), with no element type.
 */
export const editorMyStuffLink = '[href^="/mystuff"]';

// ---------------------------------------------------------------------------------------------------
// Pages and lists

/** The list of messages on the messages page (scratch-www src/views/messages/presentation.jsx). */
export const messagesList = 'ul.messages-social-list';

/**
 * Where a legacy profile page shows the user's name (its header), in order of preference
 * (docs/site-reference.md, "Legacy pages").
 */
export const legacyProfileHeader = ['#profile-data .header-text h2', '#profile-data h2', '#content h2'];

/** The legacy page frame, which tells scratchr2 pages from scratch-www ones (docs/site-reference.md, "Thumbnails"). */
export const legacyFrame = '#pagewrapper > #topnav';

// ---------------------------------------------------------------------------------------------------
// Project thumbnails (docs/site-reference.md, "Thumbnails" and "Legacy pages")

/**
 * Every project picture on the site's list pages, one element each:
 * - scratch-www's thumbnail component (src/components/thumbnail/thumbnail.jsx: explore and search
 *   grids, home carousels, a project page's remix and studio lists);
 * - a studio's project tiles (src/views/studio/studio-project-tile.jsx);
 * - the legacy pages' items (profile carousels, galleries: `li.project.thumb.item`);
 * - My Stuff's project pictures (`ul.media-list > li … .media-thumb`, docs/site-reference.md "Legacy
 *   pages"): the picture itself, not the row, so the mark sits in the picture's corner; its
 *   studios tab uses the same picture markup with a studio link, which is not a project.
 */
export const projectThumbnail =
  'div.thumbnail.project, div.studio-project-tile, li.project.thumb.item, ul.media-list > li .media-thumb:has(> a[href*="/projects/"])';

/** The link inside a thumbnail that names its project (the image link comes first in each kind). */
export const projectThumbnailLink = 'a[href*="/projects/"]';

/**
 * Pickers that reuse a project list's items without being a list to annotate: the studio's "add
 * projects" dialog (scratch-www src/views/studio/modals/user-projects-modal.jsx, tiles without
 * links) and the legacy profile owner's "change featured project" dialog (docs/site-reference.md,
 * "Legacy pages": `#featured-project-modal`, whose `.project.thumb` items are choices).
 */
export const notAProjectList = '.user-projects-modal, #featured-project-modal';

/** The project a link points at (`/projects/<id>`, with or without slash, query or origin). */
const projectHref = /^(?:https?:\/\/[^/]+)?\/projects\/(\d+)(?:[/?#]|$)/;

/** The project id of a thumbnail link's `href`, or null. */
export function projectIdOfHref(href: string | null): number | null {
  const match = projectHref.exec(href ?? '');
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The project page's own love and favorite buttons, and the classes they gain when on
 * (scratch-www src/views/preview/stats.jsx).
 */
export const projectLoveButton = 'div.project-loves';
export const projectLovedClass = 'loved';
export const projectFavoriteButton = 'div.project-favorites';
export const projectFavoritedClass = 'favorited';

// ---------------------------------------------------------------------------------------------------
// Texts that get a Translate button (lib/features/translate-comments.ts)

/**
 * A comment's text on scratch-www project and studio pages (src/views/preview/comment/comment.jsx;
 * the composer, also a `div.comment`, has no `#comments-<id>` and no `span.comment-content`).
 */
export const commentText =
  'div.comment[id^="comments-"] > .comment-body > .comment-bubble > span.comment-content';
/** The row under a comment's text (time, reply): where its buttons go (comment.jsx). */
export const commentBottomRow = '.comment-bottom-row';
/**
 * A top-level comment with its replies (src/views/preview/comment/top-level-comment.jsx:
 * `FlexRow.comment-container` holding the comment and `FlexRow.replies`).
 */
export const commentThread = 'div.comment-container';
/**
 * The project page's list of comments (src/views/preview/presentation.jsx: `FlexRow.comments-list`).
 * A studio's comments have no such list: its threads sit in an unnamed `div` inside
 * `div.studio-compose-container` (src/views/studio/studio-comments.jsx): there the list is the
 * threads' parent (see `commentListOf`).
 */
export const commentList = 'div.comments-list';

/** A comment's text on legacy profile pages (docs/site-reference.md, "Legacy pages"; loaded after the page). */
export const legacyCommentText = '#comments div.comment > div.info > div.content';
/** A list of legacy profile comments (docs/site-reference.md, "Legacy pages"). */
export const legacyCommentList = '#comments ul.comments';

/**
 * The project page's instructions and "notes and credits" (src/views/preview/presentation.jsx; the
 * owner gets `textarea.project-description-edit` instead: not matched).
 */
export const projectNotesText = 'div.project-notes div.description-block > div.project-description';
/**
 * A studio's description (src/views/studio/studio-description.jsx; its host gets a
 * `textarea.studio-description` instead, not matched: src/redux/studio-permissions.js,
 * `selectCanEditInfo`, lets the host and admins edit it, not the other managers).
 */
export const studioDescriptionText = 'div.studio-info-section > div.studio-description';
/**
 * A legacy profile's "About me" and "What I'm working on" (docs/site-reference.md, "Legacy pages"; on
 * the member's own profile they are the `#bio` and `#status` textareas instead: not matched).
 */
export const profileText = '#bio-readonly .overview, #status-readonly .overview';
/** The fixed-height scrolling box a profile text sits in (docs/site-reference.md, "Legacy pages"). */
export const profileTextFrame = '.viewport';

/** Every text that can be translated, for one query. */
export const translatableText = [
  commentText,
  legacyCommentText,
  projectNotesText,
  studioDescriptionText,
  profileText,
].join(', ');

/**
 * The list a comment's text belongs to, where "Translate all" goes: the project page's
 * `.comments-list` or the profile's `ul.comments`, else (studios) the parent of its outermost thread.
 */
export function commentListOf(text: Element): Element | null {
  const named = text.closest(`${commentList}, ${legacyCommentList}`);
  if (named) return named;
  let thread = text.closest(commentThread);
  for (let outer = thread?.parentElement?.closest(commentThread); outer; ) {
    thread = outer;
    outer = thread.parentElement?.closest(commentThread);
  }
  return thread?.parentElement ?? null;
}
