/**
 * A conversation for the reply box's tests: carol's comment on project 5, the one replied to, and
 * its thread as the Messages tab keeps it.
 */
import { emptyThread, type MessageThread, type ThreadComment } from '@/lib/messages/messages-model';

export const repliedComment: ThreadComment = {
  id: 12,
  parentId: null,
  commenteeId: null,
  content: 'Nice project!',
  createdAt: '2026-11-20T10:00:00.000Z',
  author: { id: 4, username: 'carol', image: null },
};

export const replyThread: MessageThread = {
  ...emptyThread('project', 5, 12),
  top: repliedComment,
  readAt: 1,
};
