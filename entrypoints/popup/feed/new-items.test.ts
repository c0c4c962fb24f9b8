import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '@/lib/feed/feed-model';
import { isNewSince } from './new-items';
import { advanceSeen, newestTime } from './remember-seen';

const event = (datetime_created: string) =>
  ({
    id: 1,
    type: 'loveproject',
    actor_username: 'a',
    actor_id: 1,
    datetime_created,
  }) as unknown as ActivityEvent;

describe('new since the last open', () => {
  it('marks items newer than the newest one seen, nothing on the very first open', () => {
    const seen = '2026-11-20T10:00:00.000Z';
    expect(isNewSince(event('2026-11-20T10:00:01.000Z'), seen)).toBe(true);
    expect(isNewSince(event(seen), seen)).toBe(false);
    expect(isNewSince(event('2026-11-19T10:00:00.000Z'), seen)).toBe(false);
    expect(isNewSince(event('2026-11-20T10:00:01.000Z'), undefined)).toBe(false);
  });

  it('compares times, not strings (other offsets and precisions)', () => {
    expect(isNewSince(event('2026-11-20T11:30:00+01:00'), '2026-11-20T10:00:00Z')).toBe(true);
    expect(newestTime([event('2026-11-20T09:00:00Z'), event('2026-11-20T11:00:00+02:00')])).toBe(
      '2026-11-20T09:00:00Z',
    );
    expect(newestTime([])).toBeUndefined();
  });

  it('only moves the seen time forward', () => {
    expect(advanceSeen(undefined, '2026-11-20T10:00:00Z')).toBe('2026-11-20T10:00:00Z');
    expect(advanceSeen('2026-11-20T10:00:00Z', '2026-11-19T10:00:00Z')).toBe('2026-11-20T10:00:00Z');
    expect(advanceSeen('2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z')).toBe('2026-11-21T10:00:00Z');
    expect(advanceSeen('2026-11-20T10:00:00Z', undefined)).toBe('2026-11-20T10:00:00Z');
  });
});
