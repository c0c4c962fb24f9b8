/**
 * Every content-script feature, in the order they run. One file per feature; each declares the
 * pages it runs on (see ./registry.ts).
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

export const features: readonly Feature[] = [
  navBarMessageCount,
  editorMessageCount,
  titleMessageCount,
  messagesPageOpened,
  profileMessageCount,
  translateComments,
  projectStatusMarks,
  projectPageStatus,
];
