// @vitest-environment happy-dom
/**
 * A draft typed just before the popup closes: the write to extension storage is a round trip the
 * closing page never finishes. Each keystroke is kept in page storage first (unsaved-drafts.ts);
 * the next popup shows it in the reply box and writes it to storage. Storage is the fake browser's;
 * a popup that closes is a read that never answers, and the next popup is a fresh import.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { messageDraftsItem } from '@/lib/messages/messages-storage';
import { draftOf, withDraft } from '@/lib/messages/replies-model';
import { repliedComment, replyThread } from '@/tests/unit/reply-thread';
import { WAIT } from '@/tests/unit/wait';
import { UNSAVED_DRAFTS_ITEM, unsavedDrafts } from './unsaved-drafts';

const top = repliedComment;
const thread = replyThread;
const KEY = 'project:5:12>12';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
  document.body.innerHTML = '';
});

/** A popup opened now: its own modules, the drafts read as the Messages tab reads them, its reply box. */
async function openPopup() {
  vi.resetModules();
  const { ReplyBox } = await import('./ReplyBox');
  const drafts = await import('./drafts');
  await (await import('../storage-hooks')).primeStorageItems([messageDraftsItem]);
  const root = document.createElement('div');
  document.body.append(root);
  act(() => {
    render(<ReplyBox username="demo" thread={thread} replied={top} onPosted={() => undefined} />, root);
  });
  const box = () => root.querySelector<HTMLTextAreaElement>('[data-testid="reply-box"]');
  return { root, box, drafts };
}

async function typeInto(box: HTMLTextAreaElement, text: string) {
  await act(async () => {
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a draft typed as the popup closes', () => {
  it('is shown by the next popup, and written to storage then', async () => {
    const first = await openPopup();
    // The popup closes within the write: storage never answers this page again.
    vi.spyOn(fakeBrowser.storage.local, 'get').mockReturnValue(new Promise(() => undefined));
    const box = first.box();
    if (box === null) throw new Error('no reply box');
    await typeInto(box, 'see you at the ');
    await typeInto(box, 'see you at the jam!');
    expect(unsavedDrafts().get('demo')?.get(KEY)?.text).toBe('see you at the jam!');
    vi.restoreAllMocks();
    expect(draftOf(await messageDraftsItem.getValue(), 'demo', KEY)).toBe('');
    act(() => render(null, first.root));

    const second = await openPopup();
    expect(second.box()?.value).toBe('see you at the jam!');
    // Written to storage as the reply box opens, and no longer kept in page storage.
    await vi.waitFor(async () => {
      expect(draftOf(await messageDraftsItem.getValue(), 'demo', KEY)).toBe('see you at the jam!');
      expect(localStorage.getItem(UNSAVED_DRAFTS_ITEM)).toBeNull();
    }, WAIT);
  });

  it('keeps nothing in page storage once the write is confirmed', async () => {
    const popup = await openPopup();
    const box = popup.box();
    if (box === null) throw new Error('no reply box');
    await typeInto(box, 'hello');
    await popup.drafts.draftsSaved();
    await vi.waitFor(async () => {
      expect(draftOf(await messageDraftsItem.getValue(), 'demo', KEY)).toBe('hello');
      expect(localStorage.getItem(UNSAVED_DRAFTS_ITEM)).toBeNull();
    }, WAIT);
  });

  it('never puts back an unsaved text older than the stored draft', async () => {
    localStorage.setItem(UNSAVED_DRAFTS_ITEM, JSON.stringify({ demo: { [KEY]: { text: 'old', at: 1 } } }));
    await messageDraftsItem.setValue(withDraft({}, 'demo', KEY, 'newer', 2));
    const popup = await openPopup();
    expect(popup.box()?.value).toBe('newer');
    await popup.drafts.draftsSaved();
    await vi.waitFor(() => expect(unsavedDrafts().size).toBe(0), WAIT);
    expect(draftOf(await messageDraftsItem.getValue(), 'demo', KEY)).toBe('newer');
  });

  it('reads unreadable page storage as nothing unsaved', () => {
    localStorage.setItem(UNSAVED_DRAFTS_ITEM, '{"demo": {"k": {"text": 5}}, "x": 3}');
    expect(unsavedDrafts().size).toBe(0);
    localStorage.setItem(UNSAVED_DRAFTS_ITEM, 'not json');
    expect(unsavedDrafts().size).toBe(0);
  });
});
