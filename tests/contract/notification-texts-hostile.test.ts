/**
 * Notification texts with the sandbox's hostile corpus: every title arrives verbatim (plain text:
 * notifications are never HTML), whatever markup, entities, `$` signs or direction marks it holds.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from '@/sandbox/hostile';
import { feedNotificationFor } from '../../lib/feed/feed-notifications';
import { notificationFor } from '../../lib/message-count/message-notifications';

const CORPUS = [...HOSTILE_STRINGS, LONG_HOSTILE_TEXT, 'costs $1 or $$2 and $&'];
const love = (id: number, title: string): Message => ({
  id,
  datetime_created: '2026-01-01T00:00:00.000Z',
  actor_id: 7,
  actor_username: '__proto__',
  type: 'loveproject',
  project_id: 1000 + id,
  title,
});

describe('notification texts with hostile titles', () => {
  it('a message notification carries each title verbatim', () => {
    for (const title of CORPUS) {
      const content = notificationFor([love(1, title)]);
      expect(content.message).toContain(title);
      expect(content.message).toContain('__proto__');
    }
  });

  it('a feed notification carries each title and author verbatim', () => {
    CORPUS.forEach((title, i) => {
      const project = { id: i + 1, title, author: 'constructor', thumbnailUrl: 'https://x/1.png', at: null };
      const one = feedNotificationFor([project]);
      expect(one.message).toBe(title);
      expect(one.title).toContain('constructor');
      const many = feedNotificationFor([project, { ...project, id: 99, title: 'second' }]);
      expect(many.message).toContain(title);
    });
  });
});
