/** Which messages share a row in the Messages tab, and what each row says it holds. */
import { describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/schemas';
import { groupMessages, type MessageRow, rowMessages, rowType } from './message-groups-model';
import { unreadIds } from './messages-model';

let nextId = 1000;
const base = (actor: string) => ({
  id: nextId--,
  datetime_created: '2026-11-20T12:00:00.000Z',
  actor_username: actor,
  actor_id: actor.length,
});
const love = (actor: string, projectId: number): Message => ({
  ...base(actor),
  type: 'loveproject',
  project_id: projectId,
  title: `P${projectId}`,
});
const favorite = (actor: string, projectId: number): Message => ({
  ...base(actor),
  type: 'favoriteproject',
  project_id: projectId,
  project_title: `P${projectId}`,
});
const remix = (actor: string, parentId: number): Message => ({
  ...base(actor),
  type: 'remixproject',
  project_id: parentId + 500,
  title: 'Remix',
  parent_id: parentId,
  parent_title: `P${parentId}`,
});
const comment = (actor: string): Message => ({
  ...base(actor),
  type: 'addcomment',
  comment_type: 0,
  comment_obj_id: 1,
  comment_obj_title: 'P1',
  comment_id: 77,
  comment_fragment: 'hi',
  commentee_username: 'demo',
});
const follow = (actor: string): Message => ({ ...base(actor), type: 'followuser' });
const activity = (studioId: number, title = `S${studioId}`): Message => ({
  ...base('demo'),
  type: 'studioactivity',
  gallery_id: studioId,
  title,
});
const forum = (actor: string, topicId: number): Message => ({
  ...base(actor),
  type: 'forumpost',
  topic_id: topicId,
  topic_title: `T${topicId}`,
});
const invite = (actor: string): Message => ({
  ...base(actor),
  type: 'curatorinvite',
  gallery_id: 5,
  title: 'S5',
});

/** A row as `type:count` (a single row: its type). */
const shape = (row: MessageRow) =>
  row.kind === 'group' ? `${row.type}:${row.messages.length}` : rowType(row);

describe('grouped rows', () => {
  it('groups loves, favorites and remixes of one project at the newest, keeps comments apart', () => {
    const items = [
      love('alice', 1),
      comment('bob'),
      love('carol', 1),
      favorite('dan', 1),
      love('erin', 2),
      comment('fay'),
      love('alice', 1),
      remix('gus', 1),
      remix('hal', 1),
      favorite('ivy', 1),
    ];
    const rows = groupMessages(items, new Set());
    expect(rows.map(shape)).toEqual([
      'loveproject:3',
      'addcomment',
      'favoriteproject:2',
      'loveproject',
      'addcomment',
      'remixproject:2',
    ]);
    const loves = rows[0];
    // Distinct actors, newest first (alice loved twice: counted once).
    expect(loves?.kind === 'group' && loves.actors).toEqual(['alice', 'carol']);
    expect(loves?.kind === 'group' && loves.about).toEqual({ id: 1, title: 'P1' });
    // A remix is about the member's project: its parent.
    expect(rows[5]?.kind === 'group' && rows[5].about).toEqual({ id: 1, title: 'P1' });
  });

  it('groups every follow into one row, studio activity by studio and forum posts by topic', () => {
    const items = [
      follow('alice'),
      activity(7, 'Cats'),
      forum('bob', 40),
      follow('bob'),
      activity(8),
      activity(7, 'Cats, renamed'),
      forum('carol', 41),
      forum('dan', 40),
      follow('carol'),
      activity(7),
    ];
    const rows = groupMessages(items, new Set());
    expect(rows.map(shape)).toEqual([
      'followuser:3',
      'studioactivity:3',
      'forumpost:2',
      'studioactivity',
      'forumpost',
    ]);
    expect(rows[0]?.kind === 'group' && [rows[0].about, rows[0].actors]).toEqual([
      null,
      ['alice', 'bob', 'carol'],
    ]);
    // The studio and the topic as their newest message names them.
    expect(rows[1]?.kind === 'group' && rows[1].about).toEqual({ id: 7, title: 'Cats' });
    expect(rows[2]?.kind === 'group' && rows[2].about).toEqual({ id: 40, title: 'T40' });
  });

  it('keeps what asks something of the member a row of its own', () => {
    const rows = groupMessages(
      [invite('alice'), invite('bob'), comment('carol'), comment('carol')],
      new Set(),
    );
    expect(rows.map(shape)).toEqual(['curatorinvite', 'curatorinvite', 'addcomment', 'addcomment']);
  });

  it('never mixes unread and read messages in one row; a row is new when its messages are', () => {
    const items = [follow('a'), follow('b'), follow('c'), follow('d'), follow('e')];
    const rows = groupMessages(items, unreadIds(items, 3));
    expect(rows.map((r) => [shape(r), r.unread])).toEqual([
      ['followuser:3', true],
      ['followuser:2', false],
    ]);
  });

  it('leaves a group of one as a plain row', () => {
    const rows = groupMessages([love('alice', 1), love('bob', 2), activity(3), forum('x', 4)], new Set());
    expect(rows.every((r) => r.kind === 'single')).toBe(true);
  });

  it('holds every message once: the rows’ counts add up to the messages', () => {
    const items = [
      ...Array.from({ length: 8 }, (_, i) => follow(`f${i}`)),
      ...Array.from({ length: 6 }, (_, i) => love(`l${i}`, 9)),
      ...Array.from({ length: 7 }, () => activity(3)),
      comment('carol'),
      ...Array.from({ length: 5 }, (_, i) => forum(`p${i}`, 11)),
    ];
    const rows = groupMessages(items, unreadIds(items, 10));
    const ids = rows.flatMap((row) => rowMessages(row).map((m) => m.id));
    expect(ids.sort()).toEqual(items.map((m) => m.id).sort());
    expect(rows.map(shape)).toEqual([
      'followuser:8',
      'loveproject:2',
      'loveproject:4',
      'studioactivity:7',
      'addcomment',
      'forumpost:5',
    ]);
  });
});
