import { describe, expect, it } from 'vitest';
import { deleteFailureSentence, postFailureSentence } from './outcome-sentence';

describe('what a failed reply says', () => {
  it('says why, that the draft is kept, and promises no retry it will not make', () => {
    expect(
      postFailureSentence({ ok: false, kind: 'failed', error: { kind: 'server', at: 0, status: 503 } }),
    ).toBe('The site had a problem (error 503). Your reply is kept here as a draft.');
    // The lists retry after a 429 by themselves; a reply waits for the member.
    expect(
      postFailureSentence({
        ok: false,
        kind: 'failed',
        error: { kind: 'rate-limited', at: 0, status: 429, retryAfterMs: 1_000 },
      }),
    ).toBe('The site asked Companion to slow down. Your reply is kept here as a draft.');
  });

  it('says when storage had no room to keep the reply before sending it (nothing was sent)', () => {
    expect(postFailureSentence({ ok: false, kind: 'storage-full' })).toBe(
      'Your browser has no room left to save this reply. Your text is still here: copy it somewhere safe before you close this window.',
    );
  });
});

describe('a reply or delete refused because another member signed in', () => {
  it('says so, and that the reply is kept', () => {
    expect(postFailureSentence({ ok: false, kind: 'other-member' })).toBe(
      'Someone else is signed in now, so this reply was not sent. It is kept here as a draft.',
    );
    expect(deleteFailureSentence({ ok: false, kind: 'other-member' })).toBe(
      'Someone else is signed in now, so nothing was deleted.',
    );
  });
});
