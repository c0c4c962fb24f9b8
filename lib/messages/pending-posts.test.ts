/** Which reply in a thread is a pending post that landed: the member's, newer, same parent, same text. */
import { describe, expect, it } from 'vitest';
import type { ThreadComment } from './messages-model';
import {
  allPending,
  LANDED_RESEND_MS,
  landedRecently,
  landedReply,
  mayStillLand,
  PENDING_SETTLE_MS,
  type PendingPost,
  pendingOf,
  pendingSettleMs,
  unresolvedPosts,
  withoutPending,
  withPending,
} from './pending-posts';

const POST: PendingPost = {
  kind: 'project',
  objectId: 5,
  commentId: 12,
  owner: 'demo',
  parentId: 10,
  content: '@carol thanks  for the tip!',
  text: 'thanks  for the tip!',
  afterId: 12,
  at: 1_000,
};
const reply = (id: number, authorId: number, content: string, parentId: number | null = 10) => ({
  id,
  parentId,
  content,
  author: { id: authorId },
});

describe('landedReply', () => {
  it('finds the member’s newer reply with the same text (spaces as the site folds them)', () => {
    const found = reply(14, 1, ' @carol thanks for the tip! ');
    expect(landedReply(POST, [reply(11, 3, 'hi'), reply(13, 2, POST.content), found], 1)).toBe(found);
  });

  it('takes no older reply, none by someone else, none elsewhere and no other text', () => {
    expect(landedReply(POST, [reply(12, 1, POST.content)], 1)).toBeUndefined();
    expect(landedReply(POST, [reply(14, 2, POST.content)], 1)).toBeUndefined();
    expect(landedReply(POST, [reply(14, 1, POST.content, 99)], 1)).toBeUndefined();
    expect(landedReply(POST, [reply(14, 1, '@carol thanks')], 1)).toBeUndefined();
  });
});

describe('the record', () => {
  it('is kept per member and draft, and removed without touching the others', () => {
    const two = withPending(withPending({}, 'demo', 'a', POST), 'demo', 'b', { ...POST, at: 2 });
    const other = withPending(two, 'alice', 'a', POST);
    expect(pendingOf(other, 'demo', 'b')?.at).toBe(2);
    expect(pendingOf(other, 'bob', 'a')).toBeNull();
    expect(allPending(other).map((p) => `${p.username}:${p.key}`)).toEqual(['demo:a', 'demo:b', 'alice:a']);
    expect(withoutPending(withoutPending(other, 'alice', 'a'), 'demo', 'a')).toEqual({
      demo: { b: { ...POST, at: 2 } },
    });
    expect(withoutPending({}, 'demo', 'a')).toEqual({});
  });

  it('keeps a landed post for a page’s second ask for LANDED_RESEND_MS, and counts it resolved', () => {
    const landed = { ...POST, landed: { comment: {} as ThreadComment, at: 100 } };
    expect(landedRecently(landed, 100 + LANDED_RESEND_MS - 1)).toBe(true);
    expect(landedRecently(landed, 100 + LANDED_RESEND_MS)).toBe(false);
    expect(landedRecently(POST, 100)).toBe(false);
    const all = withPending(withPending({}, 'demo', 'a', POST), 'demo', 'b', landed);
    expect(unresolvedPosts(all).map((p) => p.key)).toEqual(['a']);
  });

  it('may still land until the request’s timeout and margin have passed', () => {
    expect(mayStillLand(POST, POST.at + PENDING_SETTLE_MS - 1)).toBe(true);
    expect(mayStillLand(POST, POST.at + PENDING_SETTLE_MS)).toBe(false);
  });

  it('follows a shorter request timeout (the tests’ setting) with the same margin; unset, 12 s', () => {
    expect(pendingSettleMs(null)).toBe(PENDING_SETTLE_MS);
    expect(pendingSettleMs(0)).toBe(PENDING_SETTLE_MS);
    expect(pendingSettleMs(3_000)).toBe(5_000);
    expect(mayStillLand(POST, POST.at + 4_999, pendingSettleMs(3_000))).toBe(true);
    expect(mayStillLand(POST, POST.at + 5_000, pendingSettleMs(3_000))).toBe(false);
  });
});
