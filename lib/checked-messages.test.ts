/**
 * The protocol's schemas take every message the popup and the content scripts really send, and
 * refuse the malformed ones before a handler sees them.
 */
import { describe, expect, it } from 'vitest';
import { protocolSchemas } from './checked-messages';

const ok = (type: keyof typeof protocolSchemas, data: unknown) =>
  protocolSchemas[type].safeParse(data).success;

describe('protocolSchemas', () => {
  it('take what the popup and the content scripts send', () => {
    expect(ok('ping', undefined)).toBe(true);
    expect(ok('reportMessageCount', { count: 12 })).toBe(true);
    expect(ok('getUserMessageCount', { username: 'mallory' })).toBe(true);
    expect(ok('refreshFeed', { lists: ['activity'], force: true })).toBe(true);
    expect(ok('loadMoreFeed', { list: 'loved' })).toBe(true);
    expect(ok('translate', { text: '<script>alert(1)</script>', language: 'fr' })).toBe(true);
    expect(ok('startReading', { text: 'hello', language: 'en' })).toBe(true);
    expect(ok('readingEnded', { readingId: 3 })).toBe(true);
    expect(ok('refreshMessages', {})).toBe(true);
    expect(ok('refreshMessages', undefined)).toBe(true);
    expect(ok('openMessageThread', { kind: 'project', objectId: 5, commentId: 7 })).toBe(true);
    expect(ok('postReply', { kind: 'studio', objectId: 5, commentId: 7, repliedId: 8, text: 'hi' })).toBe(
      true,
    );
    expect(ok('deleteMessageComment', { kind: 'project', objectId: 5, commentId: 7, targetId: 8 })).toBe(
      true,
    );
    expect(ok('getProjectStatuses', { ids: [1, 2, 3] })).toBe(true);
    expect(ok('reportProjectStatus', { projectId: 4, loved: true })).toBe(true);
    expect(ok('refreshExploreHome', {})).toBe(true);
    const source = { source: 'explore', kind: 'projects', tag: '*', mode: 'trending', language: '' };
    expect(ok('refreshExploreList', { source, since: 1_700_000_000_000 })).toBe(true);
    expect(ok('openExploreView', { source: { detail: 'user', username: 'alice' }, since: 1 })).toBe(true);
  });

  it('refuse wrong types, missing fields, impossible numbers and huge texts', () => {
    expect(ok('reportMessageCount', null)).toBe(false);
    expect(ok('reportMessageCount', { count: -1 })).toBe(false);
    expect(ok('reportMessageCount', { count: Number.NaN })).toBe(false);
    expect(ok('reportMessageCount', { count: 2 ** 53 })).toBe(false);
    expect(ok('getUserMessageCount', {})).toBe(false);
    expect(ok('getUserMessageCount', { username: ['alice'] })).toBe(false);
    expect(ok('refreshFeed', { lists: ['__proto__'] })).toBe(false);
    expect(ok('translate', { text: 'x'.repeat(20_001), language: 'fr' })).toBe(false);
    expect(ok('postReply', { kind: 'project', objectId: 1.5, commentId: 7, repliedId: 8, text: 'hi' })).toBe(
      false,
    );
    expect(ok('postReply', { kind: 'project', objectId: 5, commentId: 7, repliedId: 8 })).toBe(false);
    expect(ok('deleteMessageComment', { kind: 'constructor', objectId: 5, commentId: 7, targetId: 8 })).toBe(
      false,
    );
    expect(ok('openExploreView', { source: { detail: 'user' }, since: Number.POSITIVE_INFINITY })).toBe(
      false,
    );
  });

  it('drop keys a handler does not know, `__proto__` included', () => {
    const data = JSON.parse('{"projectId": 4, "loved": true, "__proto__": {"polluted": true}}');
    const parsed = protocolSchemas.reportProjectStatus.parse(data);
    expect(Object.keys(parsed).sort()).toEqual(['loved', 'projectId']);
    expect((parsed as Record<string, unknown>).polluted).toBeUndefined();
  });
});
