/**
 * Every content-script feature, in the order they run. One file per feature; each declares the
 * pages it runs on (see ./registry.ts), and its list says in which browsing contexts
 * (./member-context.ts).
 */
import { editorMessageCount } from './editor-message-count';
import { messagesPageOpened } from './messages-page-opened';
import { navBarMessageCount } from './nav-bar-message-count';
import { profileMessageCount } from './profile-message-count';
import { projectPageStatus } from './project-page-status';
import { projectStatusMarks } from './project-status-marks';
import type { Feature } from './registry';
import { titleMessageCount } from './title-message-count';
import { translateComments } from './translate-comments';

/** They show the member's state or report into it: only in the member's own browsing context. */
export const memberFeatures: readonly Feature[] = [
  navBarMessageCount,
  editorMessageCount,
  titleMessageCount,
  messagesPageOpened,
  profileMessageCount,
  projectStatusMarks,
  projectPageStatus,
];

/** They use nothing of the member's: in a Firefox container's tab too. */
export const memberFreeFeatures: readonly Feature[] = [translateComments];
