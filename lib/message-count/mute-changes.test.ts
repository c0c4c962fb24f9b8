/** Changing the member's mutes: kinds on and off, people added by what was typed, and removed. */
import { describe, expect, it } from 'vitest';
import {
  isPersonMuted,
  withKindMuted,
  withoutPerson,
  withPersonMuted,
} from '@/lib/message-count/mute-changes-model';
import { MAX_MUTED_PEOPLE, noMutes } from '@/lib/message-count/mutes-model';

describe('mute changes', () => {
  it('mutes and unmutes a kind, never twice', () => {
    const once = withKindMuted(noMutes, 'loveproject', true);
    expect(withKindMuted(once, 'loveproject', true).kinds).toEqual(['loveproject']);
    expect(withKindMuted(once, 'addcomment:2', true).kinds).toEqual(['loveproject', 'addcomment:2']);
    expect(withKindMuted(once, 'loveproject', false).kinds).toEqual([]);
  });

  it('mutes a typed username, trimmed, and refuses what cannot be a username', () => {
    expect(withPersonMuted(noMutes, '  noisy_kid-2 ')).toEqual({
      ok: true,
      username: 'noisy_kid-2',
      mutes: { kinds: [], people: ['noisy_kid-2'] },
    });
    expect(withPersonMuted(noMutes, '@noisy').ok).toBe(true);
    for (const typed of ['ab', 'x'.repeat(21), 'two words', 'a<b>c', 'émile', ''])
      expect(withPersonMuted(noMutes, typed), typed).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('says so when the person is already muted (any case), or when the list is full', () => {
    const muted = { kinds: [], people: ['Noisy'] };
    expect(withPersonMuted(muted, 'noisy')).toMatchObject({ ok: false, problem: 'already' });
    const full = { kinds: [], people: Array.from({ length: MAX_MUTED_PEOPLE }, (_, i) => `user${i}`) };
    expect(withPersonMuted(full, 'another')).toMatchObject({ ok: false, problem: 'full' });
  });

  it('unmutes a person whatever the case', () => {
    const muted = { kinds: ['forumpost'], people: ['Noisy', 'kind'] };
    expect(isPersonMuted(muted, 'NOISY')).toBe(true);
    expect(withoutPerson(muted, 'noisy')).toEqual({ kinds: ['forumpost'], people: ['kind'] });
  });
});
