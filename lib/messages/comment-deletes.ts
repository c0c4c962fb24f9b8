/**
 * Deleting a comment from a conversation: only what the member may delete on the site, only
 * comments they were shown, one delete per comment at a time. The thread updates when the site
 * says done, and also when the comment was gone already.
 */
import { isApiError } from '@/lib/api/errors';
import { listErrorOf } from '@/lib/cached-list/list-error';
import { singleFlight } from '@/lib/concurrency/single-flight';
import type { MessageThreads } from './message-threads';
import { type DeleteOutcome, type ThreadKind, threadKey } from './messages-model';
import type { MessagesPorts } from './messages-ports';
import { canDelete } from './replies-model';

export interface DeleteRequest {
  /** The member the delete was asked for (the username the popup showed). */
  member: string;
  kind: ThreadKind;
  objectId: number;
  commentId: number;
  /** The comment to delete (in that thread). */
  targetId: number;
}

export function createCommentDeletes(
  ports: MessagesPorts,
  threads: MessageThreads,
): (request: DeleteRequest) => Promise<DeleteOutcome> {
  const deleting = singleFlight<DeleteOutcome>();

  async function send(request: DeleteRequest): Promise<DeleteOutcome> {
    const member = await ports.member();
    if (member === null) return { ok: false, kind: 'failed', error: { kind: 'signed-out', at: ports.now() } };
    // Another member signed in since the popup showed this comment: not theirs to delete.
    if (member.username !== request.member) return { ok: false, kind: 'other-member' };
    const tKey = threadKey(request.kind, request.objectId, request.commentId);
    const thread = await threads.cached(member.username, tKey);
    const target =
      thread === null
        ? undefined
        : [thread.top, ...thread.replies].find((comment) => comment?.id === request.targetId);
    // Only what the member may delete on the site, and only comments they were shown.
    if (thread === null || target === undefined || target === null || !canDelete(thread, target, member.id))
      return { ok: false, kind: 'not-allowed' };
    try {
      await ports.api.delete(request.kind, request.objectId, request.targetId);
    } catch (error) {
      if (!isApiError(error, 'NotFound')) {
        return isApiError(error, 'Forbidden')
          ? { ok: false, kind: 'not-allowed' }
          : { ok: false, kind: 'failed', error: listErrorOf(error, ports.now()) };
      }
      // Already gone on the site: the thread updates all the same.
    }
    await threads.update(member.username, tKey, (current) => {
      if (current === undefined) return null;
      // Deleting the top-level comment takes its replies with it, as on the site.
      if (current.top?.id === request.targetId) return { ...current, top: null, replies: [], missing: true };
      return { ...current, replies: current.replies.filter((reply) => reply.id !== request.targetId) };
    });
    return { ok: true };
  }

  return (request) => {
    const key = `${threadKey(request.kind, request.objectId, request.commentId)}#${request.targetId}`;
    return deleting.run(key, () => send(request));
  };
}
