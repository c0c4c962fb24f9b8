/**
 * The while-away summary's words: the kinds counted largest first, a few at most and then "and N
 * more", each in the plural form the member's language uses (Russian has three, Arabic six), and
 * listed the language's way. Read from the real locale files, compiled as the build compiles them.
 */
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Message } from '@/lib/api/schemas';
import { awaySummary, countByKind } from './away-summary';

const base = { datetime_created: '2026-01-01T00:00:00.000Z', actor_id: 7, actor_username: 'pal' };
let nextId = 1;
const of = (type: string, count: number): Message[] =>
  Array.from({ length: count }, () => {
    const id = nextId++;
    switch (type) {
      case 'addcomment':
        return {
          ...base,
          id,
          type,
          comment_type: 0,
          comment_obj_id: 1,
          comment_obj_title: 'Maze',
          comment_id: id,
          comment_fragment: 'hi',
        } as Message;
      case 'loveproject':
        return { ...base, id, type, project_id: 1, title: 'Maze' } as Message;
      default:
        return { ...base, id, type } as Message;
    }
  });

/** The browser speaking `language`, with the messages of locales/<file>. */
async function speak(language: string, file: string): Promise<void> {
  const messages = generateChromeMessages(
    await parseMessagesFile(path.resolve(import.meta.dirname, `../../locales/${file}`)),
  );
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue(language);
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(((name: string, subs?: string[]) =>
    (messages[name]?.message ?? '').replace(
      /\$([1-9])/g,
      (_, n: string) => subs?.[Number(n) - 1] ?? '',
    )) as never);
}

afterEach(() => vi.restoreAllMocks());

describe('the while-away summary', () => {
  it('counts the kinds, the largest first; studio messages are one kind, as the site filters them', () => {
    const messages = [
      ...of('loveproject', 2),
      ...of('curatorinvite', 1),
      ...of('studioactivity', 2),
      ...of('addcomment', 1),
      ...of('somethingnew', 1),
    ];
    expect(countByKind(messages)).toEqual(
      [
        { kind: 'loves', count: 2 },
        { kind: 'studios', count: 3 },
        { kind: 'comments', count: 1 },
        { kind: 'other', count: 1 },
      ].sort((a, b) => b.count - a.count),
    );
  });

  it('reads in English: one kind, several, and the others never named (unknown kinds among them)', () => {
    expect(awaySummary(of('loveproject', 1))).toEqual({
      title: '1 new message while you were away',
      message: '1 love',
    });
    expect(awaySummary([...of('addcomment', 3), ...of('loveproject', 2)])).toEqual({
      title: '5 new messages while you were away',
      message: '3 comments and 2 loves',
    });
    expect(awaySummary([...of('somethingnew', 5), ...of('addcomment', 1)]).message).toBe(
      '1 comment and 5 other messages',
    );
  });

  it('uses the plural forms of Russian and Arabic', async () => {
    await speak('ru', 'ru.yml');
    expect(awaySummary([...of('addcomment', 5), ...of('loveproject', 2), ...of('followuser', 1)])).toEqual({
      title: '8 новых сообщений, пока тебя не было',
      message: '5 комментариев, 2 лайка и 1 подписчик',
    });
    await speak('ar', 'ar.yml');
    expect(awaySummary([...of('addcomment', 2), ...of('loveproject', 1)]).message).toBe(
      'تعليقان وإعجاب واحد',
    );
  });

  it('names three kinds at most, then how many others, in German', async () => {
    await speak('de', 'de.yml');
    const messages = [
      ...of('addcomment', 4),
      ...of('loveproject', 3),
      ...of('remixproject', 2),
      ...of('forumpost', 1),
      ...of('followuser', 1),
    ];
    expect(awaySummary(messages)).toEqual({
      title: '11 neue Nachrichten, während du weg warst',
      message: '4 Kommentare, 3 Likes, 2 Remixe und 2 andere Nachrichten',
    });
  });
});
