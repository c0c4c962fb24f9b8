/**
 * Property tests of the schemas, through the HTTP layer as the client uses them: objects with extra
 * fields, nulls where the service sends null and missing optional fields parse; a wrong type or a
 * missing required field gives `InvalidResponse`; and no body whatsoever makes anything else throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidResponse } from './errors';
import { HttpClient } from './http';
import {
  activityEventSchema,
  commentRejectionSchema,
  commentSchema,
  countSchema,
  featuredSchema,
  knownActivityTypes,
  knownMessageTypes,
  messageSchema,
  projectFavoriteSchema,
  projectLoveSchema,
  projectSchema,
  proxyProjectItemSchema,
  scratcherInviteSchema,
  sessionSchema,
  studioActivitySchema,
  studioSchema,
  teamAlertSchema,
  translationSchema,
  userSchema,
} from './schemas';
import type { z } from './zod';

/** A client whose every request answers `body` (JSON text) with status 200. */
function answering(body: string): HttpClient {
  return new HttpClient({
    limiter: null,
    retries: 0,
    fetch: async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  });
}

async function parseThroughClient<S extends z.ZodType>(schema: S, value: unknown) {
  return answering(JSON.stringify(value)).json({ url: 'http://127.0.0.1:1/test' }, schema);
}

// --- Arbitraries of valid objects --------------------------------------------------------------------

const id = fc.integer({ min: 1, max: 2 ** 40 });
const count = fc.nat({ max: 1_000_000 });
const text = fc.string({ maxLength: 30 });
const date = fc
  .date({ noInvalidDate: true, min: new Date(2007, 0, 1), max: new Date(2030, 0, 1) })
  .map((d) => d.toISOString());
const images = fc.dictionary(
  fc.constantFrom('90x90', '60x60', '55x55', '50x50', '32x32', '282x218'),
  fc.webUrl(),
);
/** Fields the schemas do not know: they must pass through. */
const extras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`),
  fc.jsonValue(),
  { maxKeys: 3 },
);
const withExtras = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, extras).map(([value, extra]) => ({ ...extra, ...value }));
/** Objects where every field but `required` may be missing. */
const partial = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, required: (keyof T)[]) =>
  withExtras(fc.record(fields, { requiredKeys: required as Extract<keyof T, string>[] }));

const user = partial(
  {
    id,
    username: text,
    scratchteam: fc.boolean(),
    history: fc.record({ joined: date }),
    profile: fc.record({
      id: fc.option(id),
      images,
      status: fc.option(text),
      bio: text,
      country: text,
    }),
  },
  ['id', 'username'],
);

const project = partial(
  {
    id,
    title: text,
    description: text,
    instructions: text,
    visibility: fc.constantFrom('visible', 'notvisible'),
    public: fc.boolean(),
    comments_allowed: fc.boolean(),
    is_published: fc.boolean(),
    author: fc.record({
      id,
      username: text,
      scratchteam: fc.boolean(),
      profile: fc.record({ id: fc.constant(null), images }),
    }),
    image: fc.webUrl(),
    images,
    history: fc.record({ created: date, modified: date, shared: fc.option(date) }),
    stats: fc.record({ views: count, loves: count, favorites: count, remixes: count }),
    remix: fc.record({ parent: fc.option(id), root: fc.option(id) }),
    project_token: text,
  },
  ['id', 'title', 'author'],
);

const studio = partial(
  {
    id,
    title: text,
    host: id,
    description: text,
    visibility: text,
    public: fc.boolean(),
    open_to_all: fc.boolean(),
    comments_allowed: fc.boolean(),
    image: fc.webUrl(),
    history: fc.record({ created: date, modified: date }),
    stats: fc.record({ comments: count, followers: count, managers: count, projects: count }),
  },
  ['id', 'title'],
);

const comment = partial(
  {
    id,
    parent_id: fc.option(id),
    commentee_id: fc.option(id),
    content: text,
    datetime_created: date,
    datetime_modified: date,
    visibility: fc.constantFrom('visible', 'markedbyfilter', 'deleted', 'reported'),
    author: fc.record(
      { id, username: text, image: fc.webUrl(), scratchteam: fc.boolean() },
      { requiredKeys: ['id'] },
    ),
    reply_count: count,
  },
  ['id', 'content', 'datetime_created', 'author'],
);

const rejection = partial(
  {
    rejected: fc.constantFrom('isEmpty', 'isFlood', 'isBad', 'isMuted', 'replyLimitReached', 'somethingNew'),
    status: fc.record({
      mute_status: fc.record({
        offenses: fc.array(fc.record({ createdAt: count, expiresAt: count, messageType: text })),
        showWarning: fc.boolean(),
        muteExpiresAt: count,
        currentMessageType: fc.option(text),
      }),
    }),
    appealId: fc.option(id),
  },
  ['rejected'],
);

const messageBase = { id, datetime_created: date, actor_username: text, actor_id: id };
const message = fc.oneof(
  withExtras(fc.record({ ...messageBase, type: fc.constant('followuser') })),
  withExtras(fc.record({ ...messageBase, type: fc.constant('loveproject'), project_id: id, title: text })),
  withExtras(
    fc.record({
      ...messageBase,
      type: fc.constant('addcomment'),
      comment_type: fc.constantFrom(0, 1, 2),
      comment_obj_id: id,
      comment_obj_title: text,
      comment_id: id,
      comment_fragment: text,
      commentee_username: fc.option(text),
    }),
  ),
  withExtras(fc.record({ ...messageBase, type: fc.constant('studioactivity'), gallery_id: id, title: text })),
  withExtras(fc.record({ ...messageBase, type: fc.constant('userjoin') })),
  // Types this version does not know parse into the generic variant.
  withExtras(
    fc.record({
      ...messageBase,
      type: fc.string({ minLength: 1, maxLength: 12 }).filter((t) => !knownMessageTypes.has(t)),
    }),
  ),
);

const activityBase = { id: fc.oneof(id, text), datetime_created: date, actor_username: text, actor_id: id };
const activity = fc.oneof(
  withExtras(fc.record({ ...activityBase, type: fc.constant('followuser'), followed_username: text })),
  withExtras(fc.record({ ...activityBase, type: fc.constant('shareproject'), project_id: id, title: text })),
  withExtras(
    fc.record({
      ...activityBase,
      type: fc.constant('becomeownerstudio'),
      gallery_id: id,
      gallery_title: text,
      recipient_username: text,
      recipient_id: id,
    }),
  ),
  withExtras(
    fc.record({
      ...activityBase,
      type: fc.string({ minLength: 1, maxLength: 12 }).filter((t) => !knownActivityTypes.has(t)),
      message: fc.constant('<a href="/users/x/">x</a> did something'),
    }),
  ),
);

const proxyItem = partial(
  {
    id,
    title: text,
    type: fc.constantFrom('project', 'gallery'),
    thumbnail_url: fc.webUrl(),
    creator: text,
    love_count: count,
    remixers_count: count,
    curator_name: text,
  },
  ['id', 'title', 'type', 'thumbnail_url'],
);

const featured = withExtras(
  fc
    .tuple(
      fc.record(
        {
          community_featured_projects: fc.array(proxyItem, { maxLength: 3 }),
          community_featured_studios: fc.array(proxyItem, { maxLength: 3 }),
          community_most_loved_projects: fc.array(proxyItem, { maxLength: 3 }),
          community_newest_projects: fc.array(proxyItem, { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom('scratch', 'platform', 'other'),
      fc.array(proxyItem, { maxLength: 3 }),
    )
    .map(([rows, name, designRows]) => ({ ...rows, [`${name}_design_studio`]: designRows })),
);

const session = fc.oneof(
  fc.constant({}),
  fc.constant({ user: null }),
  withExtras(
    fc.record(
      {
        user: withExtras(
          fc.record(
            {
              id,
              username: text,
              token: fc.string({ minLength: 1, maxLength: 40 }),
              thumbnailUrl: fc.webUrl(),
              dateJoined: date,
              email: fc.option(fc.emailAddress()),
              banned: fc.boolean(),
            },
            { requiredKeys: ['id', 'username', 'token'] },
          ),
        ),
        permissions: fc.record({ admin: fc.boolean(), scratcher: fc.boolean(), social: fc.boolean() }),
        flags: fc.dictionary(text, fc.boolean()),
      },
      { requiredKeys: ['user'] },
    ),
  ),
);

interface Case {
  name: string;
  schema: z.ZodType;
  valid: fc.Arbitrary<Record<string, unknown>>;
  /** Required fields and a value of the wrong type for each. */
  required: Record<string, unknown>;
}

const cases: Case[] = [
  { name: 'user', schema: userSchema, valid: user, required: { id: 'x', username: 7 } },
  {
    name: 'project',
    schema: projectSchema,
    valid: project,
    required: { id: '12', title: null, author: 'me' },
  },
  { name: 'studio', schema: studioSchema, valid: studio, required: { id: 1.5, title: false } },
  {
    name: 'comment',
    schema: commentSchema,
    valid: comment,
    required: { id: null, content: 42, datetime_created: {}, author: [] },
  },
  { name: 'comment rejection', schema: commentRejectionSchema, valid: rejection, required: { rejected: 3 } },
  {
    name: 'message',
    schema: messageSchema,
    valid: message,
    required: { id: 'a', datetime_created: 5, actor_username: null, actor_id: '3', type: 12 },
  },
  {
    name: 'activity event',
    schema: activityEventSchema,
    valid: activity,
    required: { datetime_created: null, actor_username: 1, actor_id: 'x', type: false },
  },
  { name: 'count', schema: countSchema, valid: withExtras(fc.record({ count })), required: { count: '3' } },
  {
    name: 'project love',
    schema: projectLoveSchema,
    valid: withExtras(fc.record({ projectId: fc.oneof(id, id.map(String)), userLove: fc.boolean() })),
    required: { projectId: 'abc', userLove: 'yes' },
  },
  {
    name: 'project favorite',
    schema: projectFavoriteSchema,
    valid: withExtras(fc.record({ projectId: fc.oneof(id, id.map(String)), userFavorite: fc.boolean() })),
    required: { projectId: null, userFavorite: 1 },
  },
  {
    name: 'proxy project item',
    schema: proxyProjectItemSchema,
    valid: proxyItem,
    required: { id: 'one', title: 1, type: null, thumbnail_url: 0 },
  },
  {
    name: 'featured',
    schema: featuredSchema,
    valid: featured,
    required: { community_featured_projects: 'none', platform_design_studio: [{ id: 'x' }] },
  },
  { name: 'session', schema: sessionSchema, valid: session, required: { user: 'demo' } },
  {
    name: 'translation',
    schema: translationSchema,
    valid: withExtras(fc.record({ result: text })),
    required: { result: 5 },
  },
];

describe.each(cases)('$name schema', ({ schema, valid, required }) => {
  it('parses objects with extra fields, nulls and missing optional fields, keeping unknown fields', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (value) => {
        const parsed = (await parseThroughClient(schema, value)) as Record<string, unknown>;
        const unknown = Object.keys(value).filter((k) => k.startsWith('x_'));
        // Compared as JSON carries them (JSON has no -0).
        expect(Object.fromEntries(unknown.map((key) => [key, parsed[key]]))).toEqual(
          JSON.parse(JSON.stringify(Object.fromEntries(unknown.map((key) => [key, value[key]])))),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('rejects a wrong type or a missing required field with InvalidResponse', async () => {
    const mutation = fc
      .constantFrom(...Object.entries(required))
      .chain(([key, wrong]) =>
        fc.constantFrom<[string, unknown, boolean]>([key, wrong, false], [key, undefined, true]),
      );
    await fc.assert(
      fc.asyncProperty(valid, mutation, async (value, [key, wrong, remove]) => {
        const broken: Record<string, unknown> = { ...value };
        if (remove) delete broken[key];
        else broken[key] = wrong;
        // Removing a field that may be missing (the featured rows, the session user) is no mutation.
        fc.pre(!(remove && ['community_featured_projects', 'platform_design_studio', 'user'].includes(key)));
        await expect(parseThroughClient(schema, broken)).rejects.toBeInstanceOf(InvalidResponse);
      }),
      { numRuns: 60 },
    );
  });

  it('answers any JSON body with a value or InvalidResponse, never another error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), valid), async (body) => {
        try {
          await parseThroughClient(schema, body);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidResponse);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('schema details', () => {
  it('decodes HTML entities of comment text to plain text, once', async () => {
    const parsed = await parseThroughClient(commentSchema, {
      id: 1,
      content: 'Tom &amp; Jerry&#39;s &lt;script&gt; &amp;lt;b&amp;gt; &#x1F600;',
      datetime_created: '2024-01-01T00:00:00Z',
      author: { id: 2 },
    });
    expect(parsed.content).toBe("Tom & Jerry's <script> &lt;b&gt; \u{1F600}");
    expect(parsed.parent_id).toBeNull();
    expect(parsed.commentee_id).toBeNull();
  });

  it('turns unknown message types into the generic variant, keeping the type', async () => {
    const parsed = await parseThroughClient(messageSchema, {
      id: 1,
      datetime_created: '2024-01-01T00:00:00Z',
      actor_username: 'amy',
      actor_id: 3,
      type: 'brandnewthing',
    });
    expect(parsed).toMatchObject({ type: 'other', otherType: 'brandnewthing', actor_username: 'amy' });
  });

  it('keeps what an unknown message names (project, studio, topic) when typed as such fields are elsewhere', async () => {
    const base = { id: 1, datetime_created: '2024-01-01T00:00:00Z', actor_username: 'amy', actor_id: 3 };
    const parsed = await parseThroughClient(messageSchema, {
      ...base,
      type: 'brandnewthing',
      project_id: 7,
      project_title: 'Cats',
      gallery_id: 'not an id',
      topic_title: 12,
    });
    expect(parsed).toMatchObject({ type: 'other', project_id: 7, project_title: 'Cats' });
    expect(parsed).toMatchObject({ about: { kind: 'project', id: 7, title: 'Cats' } });
    // Wrongly typed: left out, the message kept.
    expect(parsed).toMatchObject({ gallery_id: undefined, topic_title: undefined });
    const studio = await parseThroughClient(messageSchema, { ...base, type: 'x', gallery_id: 3, title: 'S' });
    expect(studio).toMatchObject({ about: { kind: 'studio', id: 3, title: 'S' } });
    const topic = await parseThroughClient(messageSchema, {
      ...base,
      type: 'x',
      topic_id: 4,
      topic_title: 'T',
    });
    expect(topic).toMatchObject({ about: { kind: 'forumTopic', id: 4, title: 'T' } });
    // An id with no title names nothing.
    expect(await parseThroughClient(messageSchema, { ...base, type: 'x', project_id: 5 })).toMatchObject({
      about: undefined,
    });
  });

  it('refuses a known message type that lacks its fields instead of passing it as generic', async () => {
    await expect(
      parseThroughClient(messageSchema, {
        id: 1,
        datetime_created: '2024-01-01T00:00:00Z',
        actor_username: 'amy',
        actor_id: 3,
        type: 'loveproject',
      }),
    ).rejects.toBeInstanceOf(InvalidResponse);
  });

  it('accepts any <name>_design_studio key and exposes its rows as design_studio', async () => {
    const row = { id: 5, title: 'T', type: 'project', thumbnail_url: 'https://x/5.png', gallery_id: 9 };
    const parsed = await parseThroughClient(featuredSchema, { scratch_design_studio: [row] });
    expect(parsed.design_studio).toEqual([row]);
    expect(parsed.community_featured_projects).toEqual([]);
  });

  it('reads the team’s alerts as the site’s front end does: id, datetime_created and the HTML message', async () => {
    const alert = {
      id: 4,
      datetime_created: '2026-01-01T00:00:00Z',
      message: '<b>Hi</b> <script>x</script>',
    };
    expect(await parseThroughClient(teamAlertSchema, alert)).toEqual(alert);
    await expect(
      parseThroughClient(teamAlertSchema, { id: 4, datetime_created: 'x' }),
    ).rejects.toBeInstanceOf(InvalidResponse);
  });

  it('reads the invitation: `{}` as none, else its id and date (the other fields optional)', async () => {
    expect(await parseThroughClient(scratcherInviteSchema, {})).toBeNull();
    const invite = {
      id: 9,
      datetime_created: '2026-01-01T00:00:00Z',
      unread: true,
      actor_id: 1,
      invitee_id: 2,
    };
    expect(await parseThroughClient(scratcherInviteSchema, invite)).toEqual(invite);
    expect(await parseThroughClient(scratcherInviteSchema, { id: 9, datetime_created: 'd' })).toEqual({
      id: 9,
      datetime_created: 'd',
    });
    // Something that is neither: not taken as "no invitation".
    await expect(parseThroughClient(scratcherInviteSchema, { unread: true })).rejects.toBeInstanceOf(
      InvalidResponse,
    );
  });

  it('reads a studio’s activity with string ids; a project added needs its project, other kinds pass as other', async () => {
    const base = { datetime_created: '2026-01-01T00:00:00Z', actor_username: 'amy' };
    const added = {
      ...base,
      id: 'addprojecttostudio-123',
      type: 'addprojecttostudio',
      project_id: 5,
      project_title: 'P',
    };
    expect(await parseThroughClient(studioActivitySchema, added)).toMatchObject(added);
    expect(
      await parseThroughClient(studioActivitySchema, { ...base, id: 'updatestudio-9', type: 'updatestudio' }),
    ).toEqual({ ...base, id: 'updatestudio-9', type: 'other', otherType: 'updatestudio' });
    await expect(
      parseThroughClient(studioActivitySchema, {
        ...base,
        id: 'addprojecttostudio-1',
        type: 'addprojecttostudio',
      }),
    ).rejects.toBeInstanceOf(InvalidResponse);
    await expect(parseThroughClient(studioActivitySchema, { ...added, id: 123 })).rejects.toBeInstanceOf(
      InvalidResponse,
    );
  });

  it('reads love results whose projectId comes as a string', async () => {
    expect(await parseThroughClient(projectLoveSchema, { projectId: '123', userLove: true })).toEqual({
      projectId: 123,
      userLove: true,
    });
  });
});
