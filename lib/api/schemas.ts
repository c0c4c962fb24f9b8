/**
 * zod schemas of every object the service returns (fields from docs/site-reference.md).
 * They are tolerant where the live service is: unknown fields pass through (`looseObject`), fields it
 * omits are optional, fields it sends as null are nullable, unknown message and activity types parse
 * into a generic variant (`type: 'other'`, the original type in `otherType`).
 *
 * Comment text (`content`, and `comment_fragment` of messages) arrives HTML-escaped: the schemas
 * decode it to plain text in a `.transform`, so everything downstream holds text, never HTML.
 *
 * Only the background imports this file (zod stays out of the popup and content scripts); other
 * contexts use the inferred types with `import type`.
 */
import { decodeHtmlEntities } from './html-entities';
import { z } from './zod';

/** Identifiers of users, projects, studios and comments: integers in JSON. */
const id = z.int();
/** Some identifiers come as numeric strings on some endpoints (e.g. `projectId` of love results). */
const idOrNumericString = z.union([id, z.string().regex(/^\d+$/).transform(Number)]);
const count = z.number().int().nonnegative();
/** Escaped comment text, decoded to plain text. */
const escapedText = z.string().transform(decodeHtmlEntities);
/** Image URLs by size, e.g. `{ "90x90": "https://..." }`. */
const imagesBySize = z.record(z.string(), z.string());

// ---------------------------------------------------------------------------------------------------
// Users

export const userSchema = z.looseObject({
  id,
  username: z.string(),
  scratchteam: z.boolean().optional(),
  history: z.looseObject({ joined: z.string().optional() }).optional(),
  profile: z
    .looseObject({
      id: id.nullish(),
      images: imagesBySize.optional(),
      status: z.string().nullish(),
      bio: z.string().nullish(),
      country: z.string().nullish(),
    })
    .optional(),
});
export type User = z.infer<typeof userSchema>;

// ---------------------------------------------------------------------------------------------------
// Projects

/**
 * The author embedded in a project: the live service sends `profile.id: null` here, and leaves out
 * `username` in the items of `/users/<u>/projects` (the user is the one named in the path; see
 * real-payloads/users-projects.json). The client fills it in from the request (`withAuthorUsername`),
 * so every `Project` it hands out names its author.
 */
const projectAuthorSchema = z.looseObject({
  id,
  username: z.string().optional(),
  scratchteam: z.boolean().optional(),
  history: z.looseObject({ joined: z.string().optional() }).optional(),
  profile: z.looseObject({ id: id.nullish(), images: imagesBySize.optional() }).optional(),
});

export const projectSchema = z.looseObject({
  id,
  title: z.string(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  /** "visible" | "notvisible" on the live service; other values pass. */
  visibility: z.string().optional(),
  public: z.boolean().optional(),
  comments_allowed: z.boolean().optional(),
  is_published: z.boolean().optional(),
  author: projectAuthorSchema,
  image: z.string().optional(),
  images: imagesBySize.optional(),
  history: z
    .looseObject({
      created: z.string().nullish(),
      modified: z.string().nullish(),
      // null while the project is not shared.
      shared: z.string().nullish(),
    })
    .optional(),
  stats: z
    .looseObject({
      views: count.optional(),
      loves: count.optional(),
      favorites: count.optional(),
      remixes: count.optional(),
    })
    .optional(),
  remix: z.looseObject({ parent: id.nullable().default(null), root: id.nullable().default(null) }).optional(),
  project_token: z.string().nullish(),
});
/** A project as the service sends it (author's username possibly absent). */
export type ProjectBody = z.infer<typeof projectSchema>;
/** A project as the client hands it out: its author always has a username. */
export type Project = ProjectBody & { author: ProjectBody['author'] & { username: string } };

/**
 * Projects of endpoints that name the author themselves: one without `author.username` is malformed
 * (dropped from a list, refused alone), so consumers never meet a project without its author.
 */
export const projectWithAuthorSchema: z.ZodType<Project, unknown> = projectSchema.transform(
  (project, ctx) => {
    const { username } = project.author;
    if (username === undefined) {
      ctx.issues.push({
        code: 'custom',
        message: 'project without author.username',
        path: ['author', 'username'],
        input: project,
      });
      return z.NEVER;
    }
    return { ...project, author: { ...project.author, username } };
  },
);

/**
 * Projects of `/users/<username>/projects`: the live service omits `author.username` there, so it is
 * taken from the request (the user named in the path) when absent.
 */
export function projectOfUserSchema(username: string): z.ZodType<Project, unknown> {
  return projectSchema.transform((project) => ({
    ...project,
    author: { ...project.author, username: project.author.username ?? username },
  }));
}

// ---------------------------------------------------------------------------------------------------
// Studios

export const studioSchema = z.looseObject({
  id,
  title: z.string(),
  /** The host's user id. */
  host: id.nullish(),
  description: z.string().optional(),
  visibility: z.string().optional(),
  public: z.boolean().optional(),
  open_to_all: z.boolean().optional(),
  comments_allowed: z.boolean().optional(),
  image: z.string().optional(),
  history: z.looseObject({ created: z.string().nullish(), modified: z.string().nullish() }).optional(),
  stats: z
    .looseObject({
      comments: count.optional(),
      followers: count.optional(),
      managers: count.optional(),
      projects: count.optional(),
    })
    .optional(),
});
export type Studio = z.infer<typeof studioSchema>;

// ---------------------------------------------------------------------------------------------------
// Comments

export const commentSchema = z.looseObject({
  id,
  /** null for a top-level comment. */
  parent_id: id.nullable().default(null),
  /** null, or the id of the user mentioned at the start. */
  commentee_id: id.nullable().default(null),
  /** Plain text: decoded from the HTML-escaped form the service sends. */
  content: escapedText,
  datetime_created: z.string(),
  datetime_modified: z.string().nullish(),
  /** "visible" | "markedbyfilter" | "deleted" | "reported" on the live service; other values pass. */
  visibility: z.string().optional(),
  author: z.looseObject({
    id,
    // The object returned by a successful post may lack the username.
    username: z.string().optional(),
    image: z.string().optional(),
    scratchteam: z.boolean().optional(),
  }),
  reply_count: count.optional(),
});
export type Comment = z.infer<typeof commentSchema>;

const muteStatusSchema = z.looseObject({
  offenses: z
    .array(
      z.looseObject({
        createdAt: z.number().optional(),
        expiresAt: z.number().optional(),
        messageType: z.string().nullish(),
      }),
    )
    .optional(),
  showWarning: z.boolean().optional(),
  /** Seconds since the epoch. */
  muteExpiresAt: z.number().nullish(),
  currentMessageType: z.string().nullish(),
});
export type MuteStatus = z.infer<typeof muteStatusSchema>;

/** Answer (status 200) to a comment the service refused; `rejected` is a code such as `isFlood`. */
export const commentRejectionSchema = z.looseObject({
  rejected: z.string().min(1),
  status: z.looseObject({ mute_status: muteStatusSchema.nullish() }).nullish(),
  appealId: z.union([id, z.string()]).nullish(),
});
export type CommentRejection = z.infer<typeof commentRejectionSchema>;

/** Comment creation answers 200 in both cases: a rejection (it has `rejected`) or the new comment. */
export const commentCreationResultSchema = z.union([commentRejectionSchema, commentSchema]);
export type CommentCreationResult = z.infer<typeof commentCreationResultSchema>;

/** Successful deletion answers `{}`. */
export const emptyObjectSchema = z.looseObject({});

// ---------------------------------------------------------------------------------------------------
// Messages (notifications of /users/<u>/messages)

const messageBase = {
  id,
  datetime_created: z.string(),
  actor_username: z.string(),
  actor_id: id,
};

const studioMessage = <T extends string>(type: T) =>
  z.looseObject({
    ...messageBase,
    type: z.literal(type),
    gallery_id: id,
    title: z.string().optional(),
    gallery_title: z.string().optional(),
  });

const knownMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...messageBase, type: z.literal('followuser'), followed_user: z.string().optional() }),
  z.looseObject({
    ...messageBase,
    type: z.literal('loveproject'),
    project_id: id,
    title: z.string().optional(),
    project_title: z.string().optional(),
  }),
  z.looseObject({
    ...messageBase,
    type: z.literal('favoriteproject'),
    project_id: id,
    title: z.string().optional(),
    project_title: z.string().optional(),
  }),
  z.looseObject({
    ...messageBase,
    type: z.literal('remixproject'),
    project_id: id,
    title: z.string(),
    parent_id: id,
    parent_title: z.string(),
  }),
  z.looseObject({
    ...messageBase,
    type: z.literal('addcomment'),
    /** 0 project, 1 profile, 2 studio. */
    comment_type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    comment_obj_id: id,
    comment_obj_title: z.string(),
    comment_id: id,
    /** Plain text: decoded from the HTML-escaped form the service sends. */
    comment_fragment: escapedText,
    commentee_username: z.string().nullish(),
  }),
  studioMessage('curatorinvite'),
  studioMessage('becomeownerstudio'),
  studioMessage('becomehoststudio'),
  studioMessage('studioactivity'),
  z.looseObject({ ...messageBase, type: z.literal('forumpost'), topic_id: id, topic_title: z.string() }),
  z.looseObject({ ...messageBase, type: z.literal('userjoin') }),
]);

export const knownMessageTypes: ReadonlySet<string> = new Set(
  knownMessageSchema.options.map((o) => o.shape.type.value),
);

/** A field an unknown message may carry, kept only when it has the type such fields have elsewhere. */
const maybe = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

/** What a message of an unknown type names, when it carries the fields other messages use for it. */
export interface MessageAbout {
  /** The kind of page, named as the popup's links name them. */
  kind: 'project' | 'studio' | 'forumTopic';
  id: number;
  title: string;
}

/** The first of a project, a studio or a forum topic that an unknown message names with a title. */
function aboutOf(fields: {
  project_id?: number;
  project_title?: string;
  title?: string;
  gallery_id?: number;
  gallery_title?: string;
  topic_id?: number;
  topic_title?: string;
}): MessageAbout | undefined {
  const { project_id: project, gallery_id: studio, topic_id: topic } = fields;
  const projectTitle = fields.project_title ?? fields.title;
  const studioTitle = fields.gallery_title ?? fields.title;
  if (project !== undefined && projectTitle) return { kind: 'project', id: project, title: projectTitle };
  if (studio !== undefined && studioTitle) return { kind: 'studio', id: studio, title: studioTitle };
  if (topic !== undefined && fields.topic_title)
    return { kind: 'forumTopic', id: topic, title: fields.topic_title };
  return undefined;
}

/**
 * A message of a type this version does not know: rendered as a generic line that names what the
 * message is about (`about`) when it carries the fields other messages use for it (a project, a
 * studio, a forum topic), as a link. Those fields are typed here; one of another type is left out,
 * never the message.
 */
const otherMessageSchema = z
  .looseObject({
    ...messageBase,
    type: z.string().refine((type) => !knownMessageTypes.has(type), 'known message type with invalid fields'),
    project_id: maybe(id),
    project_title: maybe(z.string()),
    title: maybe(z.string()),
    gallery_id: maybe(id),
    gallery_title: maybe(z.string()),
    topic_id: maybe(id),
    topic_title: maybe(z.string()),
  })
  .transform(({ type, ...rest }) => ({
    ...rest,
    type: 'other' as const,
    otherType: type,
    about: aboutOf(rest),
  }));

export const messageSchema = z.union([knownMessageSchema, otherMessageSchema]);
export type Message = z.infer<typeof messageSchema>;

// ---------------------------------------------------------------------------------------------------
// Activity events (/users/<u>/following/users/activity)

const activityBase = {
  // Numbers on the live service; tolerate string ids.
  id: z.union([id, z.string()]),
  datetime_created: z.string(),
  actor_username: z.string(),
  actor_id: id,
};

const knownActivitySchema = z.discriminatedUnion('type', [
  z.looseObject({ ...activityBase, type: z.literal('followuser'), followed_username: z.string() }),
  z.looseObject({ ...activityBase, type: z.literal('followstudio'), gallery_id: id, title: z.string() }),
  z.looseObject({ ...activityBase, type: z.literal('loveproject'), project_id: id, title: z.string() }),
  z.looseObject({
    ...activityBase,
    type: z.literal('favoriteproject'),
    project_id: id,
    project_title: z.string(),
  }),
  z.looseObject({
    ...activityBase,
    type: z.literal('remixproject'),
    project_id: id,
    title: z.string(),
    parent_id: id,
    parent_title: z.string(),
  }),
  z.looseObject({ ...activityBase, type: z.literal('becomecurator'), gallery_id: id, title: z.string() }),
  z.looseObject({
    ...activityBase,
    type: z.literal('becomeownerstudio'),
    gallery_id: id,
    gallery_title: z.string(),
    recipient_username: z.string(),
    recipient_id: id.nullish(),
  }),
  z.looseObject({ ...activityBase, type: z.literal('shareproject'), project_id: id, title: z.string() }),
  z.looseObject({
    ...activityBase,
    type: z.literal('addprojecttostudio'),
    project_id: id,
    project_title: z.string(),
    gallery_id: id,
    gallery_title: z.string(),
  }),
]);

export const knownActivityTypes: ReadonlySet<string> = new Set(
  knownActivitySchema.options.map((o) => o.shape.type.value),
);

/** An event of a type this version does not know: rendered generically. */
const otherActivitySchema = z
  .looseObject({
    ...activityBase,
    type: z
      .string()
      .refine((type) => !knownActivityTypes.has(type), 'known activity type with invalid fields'),
  })
  .transform(({ type, ...rest }) => ({ ...rest, type: 'other' as const, otherType: type }));

/**
 * Some responses carry an HTML `message` field; it passes through as unknown and must never be
 * inserted as HTML (render from the typed fields instead).
 */
export const activityEventSchema = z.union([knownActivitySchema, otherActivitySchema]);
export type ActivityEvent = z.infer<typeof activityEventSchema>;

// ---------------------------------------------------------------------------------------------------
// What the site's messages page reads beyond the list (docs/site-reference.md, "Messages beyond the list")

/**
 * One of the site team's alerts (`/users/<me>/messages/admin`). `message` is HTML written by the
 * team: kept as the string it is here, and turned into text and site links only by
 * entrypoints/popup/messages/alert-text.ts, in an inert document, never inserted as HTML.
 */
export const teamAlertSchema = z.looseObject({
  id,
  datetime_created: z.string(),
  message: z.string(),
});
export type TeamAlert = z.infer<typeof teamAlertSchema>;

/** The Scratcher invitation (`/users/<me>/invites`): `{}` when there is none (null here). */
export const scratcherInviteSchema = z.union([
  z.looseObject({
    id,
    datetime_created: z.string(),
    unread: z.boolean().optional(),
    actor_id: id.optional(),
    invitee_id: id.optional(),
  }),
  z.strictObject({}).transform(() => null),
]);
export type ScratcherInvite = NonNullable<z.infer<typeof scratcherInviteSchema>>;

/** The site's answer to dismissing an alert or the invitation: only a true `success` is one. */
export const alertDismissalSchema = z.looseObject({ success: z.boolean().optional() });

// ---------------------------------------------------------------------------------------------------
// A studio's own activity (`/studios/<id>/activity`)

/** Ids are strings (`"addprojecttostudio-123"`), as the site's studio page keys its rows. */
const studioActivityBase = {
  id: z.string(),
  datetime_created: z.string(),
  actor_username: z.string().optional(),
};

/**
 * An item of a studio's activity: a project added (what the bells need) typed, any other type
 * passed as `other` (the site's studio page renders several more kinds).
 */
export const studioActivitySchema = z.union([
  z.looseObject({
    ...studioActivityBase,
    type: z.literal('addprojecttostudio'),
    project_id: id,
    project_title: z.string(),
  }),
  z
    .looseObject({
      ...studioActivityBase,
      type: z.string().refine((type) => type !== 'addprojecttostudio', 'a project added without its project'),
    })
    .transform(({ type, id, datetime_created, actor_username }) => ({
      id,
      datetime_created,
      actor_username,
      type: 'other' as const,
      otherType: type,
    })),
]);
export type StudioActivityItem = z.infer<typeof studioActivitySchema>;

// ---------------------------------------------------------------------------------------------------
// Small results

/** Messages count and projects count. */
export const countSchema = z.looseObject({ count });
export type Count = z.infer<typeof countSchema>;

export const projectLoveSchema = z.looseObject({ projectId: idOrNumericString, userLove: z.boolean() });
export type ProjectLove = z.infer<typeof projectLoveSchema>;

export const projectFavoriteSchema = z.looseObject({
  projectId: idOrNumericString,
  userFavorite: z.boolean(),
});
export type ProjectFavorite = z.infer<typeof projectFavoriteSchema>;

// ---------------------------------------------------------------------------------------------------
// Proxy: featured lists

/** A row of /proxy/featured (not a project object). Studio rows carry `type: "gallery"`. */
export const proxyProjectItemSchema = z.looseObject({
  id,
  title: z.string(),
  /** "project", or "gallery" for studio rows. */
  type: z.string(),
  thumbnail_url: z.string(),
  creator: z.string().optional(),
  love_count: count.optional(),
  remixers_count: count.optional(),
  curator_name: z.string().optional(),
  gallery_id: id.optional(),
  gallery_title: z.string().optional(),
});
export type ProxyProjectItem = z.infer<typeof proxyProjectItemSchema>;

const featuredRows = z.array(proxyProjectItemSchema).default([]);
const designStudioKey = /^[A-Za-z0-9-]+_design_studio$/;
const designStudioRows = z.array(proxyProjectItemSchema);

/**
 * The design-studio key carries the service's name (`scratch_design_studio` live,
 * `platform_design_studio` in the interface document): any `<name>_design_studio` is accepted and
 * its rows are also exposed as `design_studio`.
 */
export const featuredSchema = z
  .looseObject({
    community_featured_projects: featuredRows,
    community_featured_studios: featuredRows,
    community_most_loved_projects: featuredRows,
    community_most_remixed_projects: featuredRows,
    community_newest_projects: featuredRows,
    curator_top_projects: featuredRows,
  })
  .transform((featured, ctx) => {
    // Every `<name>_design_studio` key is validated; their rows together are `design_studio`.
    const designStudio: ProxyProjectItem[] = [];
    const checked: Record<string, ProxyProjectItem[]> = {};
    for (const key of Object.keys(featured).filter((k) => designStudioKey.test(k))) {
      const rows = designStudioRows.safeParse(featured[key]);
      if (!rows.success) {
        for (const issue of rows.error.issues) {
          ctx.issues.push({
            code: 'custom',
            message: issue.message,
            path: [key, ...issue.path],
            input: featured,
          });
        }
        continue;
      }
      checked[key] = rows.data;
      designStudio.push(...rows.data);
    }
    if (ctx.issues.length > 0) return z.NEVER;
    return { ...featured, ...checked, design_studio: designStudio };
  });
export type Featured = z.infer<typeof featuredSchema>;

// ---------------------------------------------------------------------------------------------------
// Session (GET {site}/session/)

export const sessionUserSchema = z.looseObject({
  id,
  username: z.string(),
  token: z.string().min(1),
  thumbnailUrl: z.string().optional(),
  dateJoined: z.string().optional(),
  email: z.string().nullish(),
  banned: z.boolean().optional(),
});

/** Signed out: `{}` (or `user` missing). Signed in: `{ user, permissions, flags }`. */
export const sessionSchema = z.looseObject({
  user: sessionUserSchema.nullish(),
  permissions: z
    .looseObject({
      admin: z.boolean().optional(),
      scratcher: z.boolean().optional(),
      new_scratcher: z.boolean().optional(),
      social: z.boolean().optional(),
      educator: z.boolean().optional(),
      student: z.boolean().optional(),
      mute_status: z.unknown().optional(),
    })
    .nullish(),
  flags: z.looseObject({}).nullish(),
});
export type SessionResponse = z.infer<typeof sessionSchema>;

// ---------------------------------------------------------------------------------------------------
// Helpers: translation and speech synthesis

export const translationSchema = z.looseObject({ result: z.string() });
export type Translation = z.infer<typeof translationSchema>;

const supportedLanguage = z.looseObject({ code: z.string(), name: z.string() });
/** GET /supported: a list of `{ code, name }`, under `result` in some versions. */
export const supportedLanguagesSchema = z
  .union([z.array(supportedLanguage), z.looseObject({ result: z.array(supportedLanguage) })])
  .transform((body) => (Array.isArray(body) ? body : body.result));
export type SupportedLanguage = z.infer<typeof supportedLanguage>;
