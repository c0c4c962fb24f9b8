/**
 * Every message a content script or a page can send to the background, fuzzed (fast-check) with
 * malformed and hostile payloads: wrong types, missing fields, huge strings, `__proto__` and
 * `constructor` keys, the sandbox's hostile corpus, negative, fractional, NaN and huge numbers, and
 * broken envelopes. The real background runs in the fake browser against the real sandbox, with
 * demo signed in, a draft waiting and the token in the session (see ./fake-background.ts).
 *
 * From three kinds of sender: strangers (a page that is not the site, a frame of another origin in a
 * site tab, a site tab in a private window, another extension) must be refused every time; our
 * content script in a site page and our own extension pages get an answer or a clean error. For all
 * of them: an answer always comes (no handler dies on the input, no unhandled rejection), the
 * background still answers the next message, nothing is posted or deleted (the sandbox's request
 * log, read over HTTP), nothing in `Object.prototype` changes, and no answer carries the token, the
 * draft or another member's data.
 *
 * Run twice: on the fake browser's own `browser` (./background-fuzz.test.ts) and behind
 * webextension-polyfill wrapping a callback-style `chrome` (./background-fuzz-polyfill.test.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { RequestLogEntry } from '@/sandbox/control';
import { HOSTILE_STRINGS, LONG_HOSTILE_TEXT } from '@/sandbox/hostile';
import { DEMO_USERNAME } from '@/sandbox/index';
import {
  type Answer,
  type FakeBackground,
  type FakeBackgroundOptions,
  profile,
  type Sender,
  senders,
  startFakeBackground,
} from './fake-background';
import { protocolMessageNames } from './protocol-names';

/** The test's own fetch (the background's is routed to the sandbox once it starts). */
const testFetch = globalThis.fetch;
const DRAFT = 'my secret draft 7f3a9c — never to a page';
const RUNS = 25;
/**
 * Messages that carry no data (their handlers never read it): a few runs prove that; more would only
 * wait for the reads they start (`messagesPageOpened` re-reads the count after the site's own write).
 */
const DATALESS = [
  'ping',
  'whoami',
  'getPageTuning',
  'messagesPageOpened',
  'refreshMessageCount',
  'loadMoreMessages',
];

let bg: FakeBackground;
let token: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Strangers: none of them may get anything but a refusal. */
const strangers: Record<string, () => Sender> = {
  'a page that is not the site': () => ({
    id: fakeBrowser.runtime.id,
    url: 'https://evil.example/attack.html',
    tab: { id: 9, url: 'https://evil.example/attack.html', index: 0 },
  }),
  'a frame of another origin in a site tab': () => ({
    id: fakeBrowser.runtime.id,
    url: 'https://evil.example/frame.html',
    tab: { id: 7, url: `${profile.site}/projects/123/`, index: 0 },
  }),
  'a look-alike host': () => ({
    id: fakeBrowser.runtime.id,
    url: `${profile.site}.evil.example/projects/1/`,
    tab: { id: 8, url: `${profile.site}.evil.example/projects/1/`, index: 0 },
  }),
  // Companion is not allowed in private windows; should it run there, the window gets nothing.
  'a site tab in a private window': () => ({
    id: fakeBrowser.runtime.id,
    url: `${profile.site}/projects/123/`,
    tab: { id: 11, url: `${profile.site}/projects/123/`, index: 0, incognito: true } as Sender['tab'],
  }),
  'another extension': () => ({ id: 'evil-extension', url: 'chrome-extension://evil-extension/page.html' }),
  'a sender without an id': () => ({ url: `${profile.site}/projects/123/` }),
};

// ---------------------------------------------------------------------------------------------------
// Hostile values.

const FIELD_NAMES = [
  'count',
  'username',
  'lists',
  'list',
  'force',
  'text',
  'language',
  'readingId',
  'kind',
  'objectId',
  'commentId',
  'repliedId',
  'targetId',
  'ids',
  'projectId',
  'loved',
  'favorited',
  'source',
  'since',
  'detail',
  'id',
  'query',
  'mode',
  'tag',
  'studioId',
];
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, LONG_HOSTILE_TEXT, 'x'.repeat(100_000), ''),
  fc.constantFrom(
    'fr',
    'en',
    'project',
    'studio',
    'activity',
    'explore',
    'search',
    'user',
    DEMO_USERNAME,
    'mallory',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(Number.NaN, -1, 0, -0, 1.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.constantFrom(2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e308),
  fc.integer({ min: 1, max: 5 }),
  fc.double(),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.constant(undefined));
const key = fc.oneof(fc.constantFrom(...FIELD_NAMES, ...POLLUTING_KEYS), fc.string({ maxLength: 10 }));
const anything = fc.anything({ key, values: [leaf], maxDepth: 3, maxKeys: 6 });
/** The protocol's field names with hostile values, and polluting keys made as JSON makes them. */
const shaped = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom(...FIELD_NAMES),
      fc.oneof(leaf, fc.array(leaf, { maxLength: 5 }), anything),
      {
        maxKeys: 8,
      },
    ),
    fc.subarray(POLLUTING_KEYS),
  )
  .map(([fields, polluting]) => {
    const object = JSON.parse('{}') as Record<string, unknown>;
    Object.assign(object, fields);
    for (const name of polluting) {
      // Own properties named like the prototype's (what JSON.parse makes of `{"__proto__": …}`).
      Object.defineProperty(object, name, {
        value: { polluted: true, prototype: { polluted: true } },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return object;
  });
const payload = fc.oneof(anything, shaped, leaf);

// ---------------------------------------------------------------------------------------------------

const isId = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
/** A write the popup could legitimately ask for (the fuzz leaves those to the popup's own tests). */
function wellFormedWrite(type: string, data: unknown): boolean {
  const writes = [
    'postReply',
    'deleteMessageComment',
    'dismissTeamAlert',
    'markAllMessagesRead',
    'acceptCuratorInvite',
  ];
  if (!writes.includes(type)) return false;
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  if (type === 'dismissTeamAlert') return (d.kind === 'notification' || d.kind === 'invite') && isId(d.id);
  if (type === 'markAllMessagesRead') return typeof d.member === 'string';
  if (type === 'acceptCuratorInvite') return isId(d.studioId);
  const ids =
    type === 'postReply' ? [d.objectId, d.commentId, d.repliedId] : [d.objectId, d.commentId, d.targetId];
  return (d.kind === 'project' || d.kind === 'studio') && ids.every(isId);
}

async function writesSince(since: number): Promise<RequestLogEntry[]> {
  const response = await testFetch(`${bg.sandbox.urls.control}/requests`);
  const log = (await response.json()) as RequestLogEntry[];
  return log.filter(
    (entry) => Date.parse(entry.time) >= since && entry.method !== 'GET' && entry.method !== 'HEAD',
  );
}

/**
 * An answer, or an error the background meant to give: not a handler tripping over the input (a
 * TypeError on `undefined`, a RangeError on a huge value).
 */
function cleanRefusal(answer: Answer): boolean {
  const err = answer?.err as { name?: string; message?: string } | undefined;
  if (err === undefined) return true;
  return (
    err.name === 'Error' &&
    typeof err.message === 'string' &&
    !/undefined|null|not a function/.test(err.message)
  );
}

/** What no answer to anyone may carry. */
function secretsIn(answer: Answer): string[] {
  const text = JSON.stringify(answer) ?? '';
  const found: string[] = [];
  if (text.includes(token)) found.push('the token');
  if (text.includes(DRAFT)) found.push('a draft');
  // Other members' private data: their e-mail addresses (the sandbox keeps one per user).
  for (const user of bg.sandbox.control.store.users())
    if (user.email && text.includes(user.email)) found.push(user.email);
  return found;
}

async function stillAnswers(): Promise<void> {
  const pong = await bg.send('ping', undefined, senders.extensionPage());
  expect(pong, 'the background answers the next message').toMatchObject({ res: { ok: true } });
}

/** Defines the suite; `options` chooses the `browser` the background runs on. */
export function fuzzTheProtocol(options: FakeBackgroundOptions = {}): void {
  const variant = options.polyfilled ? 'webextension-polyfill over chrome' : 'native browser';
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    bg = await startFakeBackground(options);
    await bg.signIn(DEMO_USERNAME);
    const stored = (await fakeBrowser.storage.session.get('companion.session'))['companion.session'] as {
      token?: string;
    };
    token = stored?.token ?? '';
    expect(token.length).toBeGreaterThan(8);
    await fakeBrowser.storage.local.set({
      messageDrafts: { [DEMO_USERNAME]: { 'project:1:2>2': { text: DRAFT, at: Date.now() } } },
    });
  }, 30_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await bg?.close();
  });

  const NAMES = protocolMessageNames();

  describe(`every message of the protocol, fuzzed (${variant})`, () => {
    it('knows the protocol (the list is read from lib/composition/protocol-messages.ts)', () => {
      expect(NAMES.length).toBeGreaterThanOrEqual(20);
      expect(NAMES).toContain('postReply');
    });

    for (const [who, sender] of Object.entries(strangers)) {
      it(`refuses ${who}, whatever it sends`, async () => {
        const since = Date.now();
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...NAMES), payload, async (type, data) => {
            const answer = await bg.send(type, data, sender());
            expect(answer, `${type}: an answer`).not.toBeNull();
            expect(answer?.err, `${type}: refused`).toBeDefined();
            expect(answer?.res).toBeUndefined();
            expect(secretsIn(answer)).toEqual([]);
          }),
          { numRuns: RUNS * 4 },
        );
        // A well-formed post and delete are refused just the same.
        for (const [type, data] of [
          [
            'postReply',
            { member: 'demo', kind: 'project', objectId: 1, commentId: 2, repliedId: 2, text: 'hi' },
          ],
          [
            'deleteMessageComment',
            { member: 'demo', kind: 'project', objectId: 1, commentId: 2, targetId: 2 },
          ],
          ['whoami', undefined],
        ] as const) {
          const answer = await bg.send(type, data, sender());
          expect(answer?.err, type).toBeDefined();
          expect(answer?.res).toBeUndefined();
        }
        expect(await writesSince(since)).toEqual([]);
        await stillAnswers();
      });
    }

    for (const [who, sender] of Object.entries(senders)) {
      it(`answers ${who} cleanly, posts and deletes nothing, reveals nothing`, async () => {
        const since = Date.now();
        for (const type of NAMES) {
          await fc.assert(
            fc.asyncProperty(payload, async (data) => {
              fc.pre(!wellFormedWrite(type, data));
              const answer = await bg.send(type, data, sender());
              expect(answer, `${type}: an answer`).not.toBeNull();
              expect(cleanRefusal(answer), `${type}: ${JSON.stringify(answer?.err)}`).toBe(true);
              expect(secretsIn(answer), type).toEqual([]);
            }),
            { numRuns: DATALESS.includes(type) ? 3 : RUNS },
          );
          await stillAnswers();
        }
        expect(await writesSince(since)).toEqual([]);
      }, 120_000);
    }

    it('survives broken envelopes and unknown or inherited message names', async () => {
      const since = Date.now();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            anything,
            fc.record({
              type: fc.oneof(
                fc.constantFrom(...POLLUTING_KEYS, '__defineGetter__', 'isPrototypeOf'),
                hostileString,
              ),
              data: payload,
              timestamp: hostileNumber,
            }),
          ),
          fc.constantFrom(...Object.values(senders), ...Object.values(strangers)),
          async (message, sender) => {
            const answer = await bg.deliver(message, sender(), 100);
            // No answer (not a message of the protocol) or a refusal; never data.
            expect(answer?.res === undefined || answer === null).toBe(true);
            expect(secretsIn(answer)).toEqual([]);
          },
        ),
        { numRuns: RUNS * 2 },
      );
      expect(await writesSince(since)).toEqual([]);
      await stillAnswers();
    }, 120_000);

    it('leaves the prototypes alone and no promise rejected unhandled', () => {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
      expect(unhandled).toEqual([]);
    });
  });
}
