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
