/**
 * The live site's markup that Companion reads or writes, in one place (see
 * shared/site-reference.md, "Page markup that content scripts read"). When the site changes its
 * markup, this is the file to fix.
 */

/** The message count in the navigation bar of scratch-www pages; `show` is added when above 0. */
export const navMessageCount = 'li.link.right.messages > a[href="/messages/"] > span.message-count';

/** The message count in the navigation bar of legacy (scratchr2) pages: profiles, galleries, /mystuff/. */
export const legacyNavMessageCount =
  '#topnav li.messages > a.messages-icon[href="/messages"] > span.notificationsCount';

/** Both navigation-bar counts, for one query on any page. */
export const anyNavMessageCount = `${navMessageCount}, ${legacyNavMessageCount}`;

/** The class scratch-www puts on the count when it is above 0 (the element is hidden otherwise). */
export const navMessageCountShownClass = 'show';

/** The list of messages on the messages page, rendered by the site after load. */
export const messagesList = 'ul.messages-social-list';

/** Where a legacy profile page shows the user's name (its header), in order of preference. */
export const legacyProfileHeader = ['#profile-data .header-text h2', '#profile-data h2', '#content h2'];

/** The legacy page frame, which tells scratchr2 pages from scratch-www ones. */
export const legacyFrame = '#pagewrapper > #topnav';

/** The marker on elements Companion adds to pages, so they can be found (and removed) again. */
export const companionAttribute = 'data-companion';

// ---------------------------------------------------------------------------------------------------
// Project thumbnails (site-reference.md, "Thumbnails" and "Legacy pages")

/**
 * Every project thumbnail on the site's list pages, one element each: scratch-www's thumbnail
 * component (explore and search grids, home carousels, a project page's remix and studio lists),
 * a studio's project tiles, and the legacy pages' items (profile carousels, galleries).
 */
export const projectThumbnail = 'div.thumbnail.project, div.studio-project-tile, li.project.thumb.item';

/** The link inside a thumbnail that names its project (the image link comes first in each kind). */
export const projectThumbnailLink = 'a[href*="/projects/"]';

/** Where the site reuses the studio tile without links (the "add projects" dialog): not a list. */
export const notAProjectList = '.user-projects-modal';

/** The project a link points at (`/projects/<id>`, with or without slash, query or origin). */
const projectHref = /^(?:https?:\/\/[^/]+)?\/projects\/(\d+)(?:[/?#]|$)/;

/** The project id of a thumbnail link's `href`, or null. */
export function projectIdOfHref(href: string | null): number | null {
  const match = projectHref.exec(href ?? '');
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The project page's own love and favorite buttons, and the classes they gain when on. */
export const projectLoveButton = 'div.project-loves';
export const projectLovedClass = 'loved';
export const projectFavoriteButton = 'div.project-favorites';
export const projectFavoritedClass = 'favorited';

// Translation (lib/features/translate-comments.ts): the texts that get a Translate button.

/** A comment's text on scratch-www project and studio pages (the composer, also a `div.comment`, has none). */
export const commentText =
  'div.comment[id^="comments-"] > .comment-body > .comment-bubble > span.comment-content';
/** The row under a comment's text (time, reply): where its buttons go. */
export const commentBottomRow = '.comment-bottom-row';
/** A list of scratch-www comments (project and studio pages), grown by "Load more". */
export const commentList = 'div.comments-list';

/** A comment's text on legacy profile pages (loaded after the page, grown live). */
export const legacyCommentText = '#comments div.comment > div.info > div.content';
/** A list of legacy profile comments. */
export const legacyCommentList = '#comments ul.comments';

/** The project page's instructions and "notes and credits" (the owner gets a textarea instead: not matched). */
export const projectNotesText = 'div.project-notes div.description-block > div.project-description';
/** A studio's description (its managers get a textarea instead: not matched). */
export const studioDescriptionText = 'div.studio-info-section > div.studio-description';

/** Every text that can be translated, for one query. */
export const translatableText = [
  commentText,
  legacyCommentText,
  projectNotesText,
  studioDescriptionText,
].join(', ');
/** Every comment list, for one query. */
export const anyCommentList = `${commentList}, ${legacyCommentList}`;
