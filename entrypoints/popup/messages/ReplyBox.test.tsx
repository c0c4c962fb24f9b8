// @vitest-environment happy-dom
/**
 * The reply box when storage is full of what Companion cannot give up (an item it does not know,
 * the member's own words): the caches go first (lib/storage/storage-full.ts), and when even that leaves no
 * room for the draft, the member is told so under what they typed, and the text stays in the box;
 * Post sends nothing. Storage is the fake browser's with Chrome's quota (tests/unit/quota-storage.ts).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { emptyExploreCache } from '@/lib/explore/explore-model';
import { exploreCacheItem } from '@/lib/explore/explore-storage';
import { messageDraftsItem } from '@/lib/messages/messages-storage';
import { draftOf, withDraft } from '@/lib/messages/replies-model';
import { LOCAL_QUOTA_BYTES, storedBytes } from '@/lib/storage/storage-quota';
import { hostileText } from '@/tests/unit/full-caches';
import { enforceChromeQuota } from '@/tests/unit/quota-storage';
import { repliedComment, replyThread } from '@/tests/unit/reply-thread';
import { WAIT } from '@/tests/unit/wait';
import { ReplyBox } from './ReplyBox';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

const top = repliedComment;
const thread = replyThread;

/** Types `text` into the reply box as a member does (an input event per change). */
async function typeInto(root: HTMLElement, text: string) {
  const box = root.querySelector<HTMLTextAreaElement>('[data-testid="reply-box"]');
  if (box === null) throw new Error('no reply box');
  await act(async () => {
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return box;
}

describe('the reply box with storage full of what Companion cannot give up', () => {
  it('says so where the member typed, keeps their text, gives up the caches first, and posts nothing', async () => {
    const quota = await enforceChromeQuota();
    // Another member's draft, a small cache (giving it up makes too little room), and an item
    // Companion does not know filling the rest.
    const theirs = withDraft({}, 'dave', 'project:1:2>2', hostileText(300, 2), 1_764_000_000_000);
    await messageDraftsItem.setValue(theirs);
    await exploreCacheItem.setValue({
      ...emptyExploreCache,
      projectCount: { count: 1, readAt: 1, error: null },
    });
    const filler = { notCompanions: '' };
    filler.notCompanions = 'x'.repeat(LOCAL_QUOTA_BYTES - quota.bytesInUse() - storedBytes('', filler) - 100);
    await fakeBrowser.storage.local.set(filler);
    expect(LOCAL_QUOTA_BYTES - quota.bytesInUse()).toBeLessThan(200);
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');

    const root = document.createElement('div');
    document.body.append(root);
    act(() => {
      render(<ReplyBox username="demo" thread={thread} replied={top} onPosted={() => undefined} />, root);
    });
    const text = hostileText(400, 6);
    const box = await typeInto(root, text);
    await vi.waitFor(() => expect(root.querySelector('[data-testid="comment-error"]')).not.toBeNull(), WAIT);

    const sentence = root.querySelector('[data-testid="comment-error"]');
    expect(sentence?.textContent).toBe(
      'Your browser has no room left to save this reply. Your text is still here: copy it somewhere safe before you close this window.',
    );
    expect(sentence?.getAttribute('role')).toBe('alert');
    expect(box.getAttribute('aria-describedby')).toContain(sentence?.id);
    expect(box.value).toBe(text);
    // The cache went first; the other member's draft and what Companion does not know stayed.
    expect(quota.bytesOf('exploreCache')).toBe(0);
    expect(await messageDraftsItem.getValue()).toEqual(theirs);
    expect(quota.bytesOf('notCompanions')).toBeGreaterThan(0);

    // Post: the draft cannot be kept, so nothing leaves; the sentence stays, and the text.
    const refusedBefore = quota.refused.length;
    const send = root.querySelector<HTMLButtonElement>('[data-testid="reply-send"]');
    await act(async () => {
      send?.click();
    });
    // Settled: its save was refused, and the box is no longer sending.
    await vi.waitFor(() => {
      expect(quota.refused.length).toBeGreaterThan(refusedBefore);
      expect(send?.getAttribute('aria-busy')).toBe('false');
    }, WAIT);
    expect(sent).not.toHaveBeenCalled();
    expect(root.querySelector('[data-testid="comment-error"]')?.textContent).toBe(sentence?.textContent);
    expect(box.value).toBe(text);
    expect(draftOf(await messageDraftsItem.getValue(), 'demo', 'project:5:12>12')).toBe('');
    act(() => {
      render(null, root);
    });
  });
});
