/**
 * The protocol's declarations take every message the popup and the content scripts really send, and
 * refuse the malformed ones before a handler sees them.
 */
import { describe, expect, it } from 'vitest';
import { protocolMessages } from '@/lib/composition/protocol-messages';
import { MAX_IDS_TAKEN } from '@/lib/project-status/project-status-protocol';
import type { MessageDeclaration } from '@/lib/protocol/declaration';

type Name = keyof typeof protocolMessages;
const declared = (type: Name): MessageDeclaration => protocolMessages[type];
const parse = (type: Name, data: unknown) => declared(type).data?.safeParse(data);
const ok = (type: Name, data: unknown) => parse(type, data)?.success;

describe('protocolMessages', () => {
  it('name who may send each message', () => {
    const from = (type: Name) => [...declared(type).from].sort().join(' + ');
    // Reads with the member's token, posts and deletes: the extension's own pages only.
    for (const type of [
      'refreshFeed',
      'loadMoreFeed',
      'refreshMessages',
      'loadMoreMessages',
      'openMessageThread',
      'postReply',
      'deleteMessageComment',
      'dismissTeamAlert',
      'markAllMessagesRead',
      'acceptCuratorInvite',
      'refreshExploreHome',
      'refreshExploreList',
      'loadMoreExplore',
      'openExploreView',
      // The member's list of other accounts: only they change it, from the popup or the settings.
      'addOtherAccount',
      'removeOtherAccount',
      'setOtherAccountAlert',
      'refreshOtherAccounts',
    ] as const)
      expect(from(type), type).toBe('extension page');
    // What only the site's pages can tell.
    for (const type of ['reportMessageCount', 'messagesPageOpened', 'reportProjectStatus'] as const)
      expect(from(type), type).toBe('site tab');
    // What uses nothing of the member's: a Firefox container's tab too (lib/protocol/sender.ts).
    for (const type of ['ping', 'translate', 'startReading', 'readingEnded', 'stopReading'] as const)
      expect(from(type), type).toBe('extension page + site tab in any container');
    for (const type of ['inMemberContext', 'getPageTuning'] as const)
      expect(from(type), type).toBe('site tab in any container');
    // Everything else a site tab may send is about the member: their own tabs only.
    expect(from('getProjectStatuses')).toBe('extension page + site tab');
    expect(from('whoami')).toBe('extension page + site tab');
  });

  it('take what the popup and the content scripts send', () => {
    expect(declared('ping').data).toBeUndefined();
    expect(declared('getPageTuning').data).toBeUndefined();
    expect(ok('reportMessageCount', { count: 12 })).toBe(true);
    expect(ok('getUserMessageCount', { username: 'mallory' })).toBe(true);
    expect(ok('addOtherAccount', { username: 'alice_2-b' })).toBe(true);
    expect(ok('addOtherAccount', { username: 'alice bob' })).toBe(false);
    expect(ok('addOtherAccount', { username: '' })).toBe(false);
    expect(ok('setOtherAccountAlert', { username: 'alice', alert: 'dot' })).toBe(true);
    expect(ok('setOtherAccountAlert', { username: 'alice', alert: 'siren' })).toBe(false);
    expect(ok('refreshFeed', { lists: ['activity'], force: true })).toBe(true);
    expect(ok('loadMoreFeed', { list: 'loved' })).toBe(true);
    expect(ok('translate', { text: '<script>alert(1)</script>', language: 'fr' })).toBe(true);
    expect(ok('startReading', { text: 'hello', language: 'en' })).toBe(true);
    expect(ok('readingEnded', { readingId: 3 })).toBe(true);
    expect(ok('refreshMessages', {})).toBe(true);
    expect(ok('refreshMessages', undefined)).toBe(true);
    expect(ok('openMessageThread', { kind: 'project', objectId: 5, commentId: 7 })).toBe(true);
    expect(
      ok('postReply', {
        member: 'demo',
        kind: 'studio',
        objectId: 5,
        commentId: 7,
        repliedId: 8,
        text: 'hi',
      }),
    ).toBe(true);
    expect(
      ok('deleteMessageComment', { member: 'demo', kind: 'project', objectId: 5, commentId: 7, targetId: 8 }),
    ).toBe(true);
    expect(ok('getProjectStatuses', { ids: [1, 2, 3] })).toBe(true);
    expect(ok('reportProjectStatus', { projectId: 4, loved: true })).toBe(true);
    expect(ok('refreshExploreHome', {})).toBe(true);
    const source = { source: 'explore', kind: 'projects', tag: '*', mode: 'trending', language: 'en' };
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
    expect(ok('getUserMessageCount', { username: 'a/b' })).toBe(false);
    expect(ok('refreshFeed', { lists: ['__proto__'] })).toBe(false);
    expect(ok('translate', { text: 'x'.repeat(20_001), language: 'fr' })).toBe(false);
    expect(ok('postReply', { kind: 'project', objectId: 1.5, commentId: 7, repliedId: 8, text: 'hi' })).toBe(
      false,
    );
    expect(ok('postReply', { kind: 'project', objectId: 5, commentId: 7, repliedId: 8 })).toBe(false);
    expect(ok('deleteMessageComment', { kind: 'constructor', objectId: 5, commentId: 7, targetId: 8 })).toBe(
      false,
    );
    expect(ok('openExploreView', { source: { detail: 'user' }, since: 1 })).toBe(false);
    expect(ok('openExploreView', { source: { detail: 'project', id: 1 }, since: Infinity })).toBe(false);
    const weapons = { source: 'explore', kind: 'projects', tag: 'weapons', mode: 'popular', language: 'en' };
    expect(ok('refreshExploreList', { source: weapons })).toBe(false);
    expect(ok('getProjectStatuses', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).toBe(false);
  });

  it('hand the handler clean values: project ids kept whole and few, a query trimmed', () => {
    expect(parse('getProjectStatuses', { ids: [1, 2.5, -3, 5, 2 ** 60] })?.data).toEqual({
      ids: [1, 5],
    });
    const many = parse('projectsLeftView', { ids: Array.from({ length: 500 }, (_, i) => i + 1) });
    expect((many?.data as { ids: number[] } | undefined)?.ids).toHaveLength(MAX_IDS_TAKEN);
    const search = { source: 'search', kind: 'projects', query: '  cats ', mode: 'popular', language: 'en' };
    expect(parse('loadMoreExplore', { source: search })?.data).toEqual({
      source: { ...search, query: 'cats' },
    });
  });

  it('drop keys a handler does not know, `__proto__` included', () => {
    const data = JSON.parse('{"projectId": 4, "loved": true, "__proto__": {"polluted": true}}');
    const parsed = protocolMessages.reportProjectStatus.data.parse(data);
    expect(Object.keys(parsed).sort()).toEqual(['loved', 'projectId']);
    expect((parsed as Record<string, unknown>).polluted).toBeUndefined();
  });
});
