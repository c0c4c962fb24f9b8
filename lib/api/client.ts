/**
 * The API client: one typed function per endpoint of the interface (users, projects, studios, proxy,
 * explore and search, and the translation and synthesis helpers). Every answer is validated with the
 * schemas of ./schemas.ts; failures are the typed errors of ./errors.ts. Paged endpoints are
 * `PagedList`s (`list(params, { limit, offset })` and `iterate(params)`).
 *
 * Authentication comes from an `ApiAuth` (the session): the token goes in `X-Token` and only there;
 * endpoints that need it are not requested at all while signed out (`SignedOut`); a 401 (or 403 on
 * an endpoint that needs authentication) re-reads the session once and retries once.
 */

import { translationLanguage as helperLanguage } from '@/lib/api/helper-languages';
import { CommentRejected, Forbidden, InvalidResponse, SignedOut, Unauthorized } from './errors';
import type { HttpClient, HttpRequest, ParsedList } from './http';
import { type PagedList, pagedList } from './paging';
import { type RepliesPathMemory, repliesPathMemory, withRepliesFallback } from './replies-path';
import {
  type ActivityEvent,
  activityEventSchema,
  alertDismissalSchema,
  type Comment,
  type CommentCreationResult,
  type CommentRejection,
  commentCreationResultSchema,
  commentSchema,
  countSchema,
  emptyObjectSchema,
  type Featured,
  featuredSchema,
  type Message,
  messageSchema,
  type Project,
  type ProjectFavorite,
  type ProjectLove,
  projectFavoriteSchema,
  projectLoveSchema,
  projectOfUserSchema,
  projectWithAuthorSchema,
  type ScratcherInvite,
  type Studio,
  type StudioActivityItem,
  type SupportedLanguage,
  scratcherInviteSchema,
  studioActivitySchema,
  studioSchema,
  supportedLanguagesSchema,
  type TeamAlert,
  teamAlertSchema,
  translationSchema,
  type User,
  userSchema,
} from './schemas';
import type { z } from './zod';

/** What the client needs from the session. */
export interface ApiAuth {
  /** The current token, or null while signed out. Never sent anywhere but the `X-Token` header. */
  token(): Promise<string | null>;
  /**
   * The service refused `rejectedToken` (401/403): re-read the session (once, shared between
   * concurrent callers) and return the token now valid, or null when signed out.
   */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string | null>;
  /** The `scratchcsrftoken` cookie of the site, for writes. */
  csrfToken(): Promise<string | undefined>;
  /**
   * Only outside a browser (tests, benchmark): a `Cookie` header for the site's cookies, since Node's
   * fetch has no cookie store. The extension leaves it out and uses `credentials: 'include'`.
   */
  cookieHeader?(): Promise<string | undefined>;
}

export interface ApiUrls {
  /** Site pages (the referer of writes). */
  site: string;
  /** The REST interface. */
  api: string;
  translate: string;
  synthesis: string;
}

export interface ApiClientOptions {
  urls: ApiUrls;
  http: HttpClient;
  auth: ApiAuth;
  /** Which path answered replies last (./replies-path.ts); the client's own memory if absent. */
  repliesPath?: RepliesPathMemory;
}

/** What a dismissal names: one of the team's alerts (`notification`) or the Scratcher invitation. */
export type AlertKind = 'notification' | 'invite';

/** A page of a studio's activity as the site asks for it: `limit`, then the oldest date held. */
export interface StudioActivityPage {
  limit: number;
  /** The `datetime_created` of the oldest item already held (that item comes again). */
  dateLimit?: string;
}

type AuthMode = 'none' | 'optional' | 'required';

export type ExploreMode = 'popular' | 'trending' | 'recent';

export interface ExploreParams {
  /** Explore: the tag (`*` for all, `games`, `art` ...). Search: the query. Default `*`. */
  q?: string;
  mode?: ExploreMode;
  /** A locale such as `en`. */
  language?: string;
}

export interface NewComment {
  /** The comment's text (plain text; the service escapes it). */
  content: string;
  /** The top-level comment replied to; omit for a new top-level comment. */
  parentId?: number;
  /** The user mentioned at the start of a reply. */
  commenteeId?: number;
}

export interface SpeechOptions {
  /** A speech locale such as `en-US` (default). */
  locale?: string;
  gender?: 'male' | 'female';
}

/** A translation and the language it came from, when the helper says (null otherwise). */
export interface TranslatedText {
  text: string;
  from: string | null;
}

export interface SynthesizedSpeech {
  bytes: Uint8Array;
  /** The `Content-Type` the helper sent, e.g. `audio/mpeg`. */
  type: string;
}

/** The site's composer caps comments at 500 characters; the service rejects longer ones. */
export const MAX_COMMENT_LENGTH = 500;
/** The editor sends at most 128 characters per synthesis request. */
export const MAX_SPEECH_LENGTH = 128;

const seg = encodeURIComponent;

export class ApiClient {
  private readonly urls: ApiUrls;
  private readonly http: HttpClient;
  private readonly auth: ApiAuth;
  private readonly repliesPath: RepliesPathMemory;
  /** Recent translations, most recent last (the editor caches too: members re-translate often). */
  private readonly translations = new Map<string, TranslatedText>();

  constructor(options: ApiClientOptions) {
    this.urls = {
      site: trimSlash(options.urls.site),
      api: trimSlash(options.urls.api),
      translate: trimSlash(options.urls.translate),
      synthesis: trimSlash(options.urls.synthesis),
    };
    this.http = options.http;
    this.auth = options.auth;
    this.repliesPath = options.repliesPath ?? repliesPathMemory();
  }

  // -------------------------------------------------------------------------------------------------
  // Users

  getUser(username: string): Promise<User> {
    return this.getJson(`/users/${seg(username)}`, userSchema);
  }

  /**
   * Shared projects, newest shared first: the live service's order (tests/real-payloads/
   * users-projects.json), which Companion follows where docs/interface.md says "oldest first". The
   * live service leaves `author.username` out of these items: it is the user named in the path,
   * filled in here.
   */
  readonly userProjects = this.paged<{ username: string }, Project>(
    (p) => `/users/${seg(p.username)}/projects`,
    (p) => projectOfUserSchema(p.username),
  );

  getUserProject(username: string, projectId: number): Promise<Project> {
    return this.getJson(`/users/${seg(username)}/projects/${projectId}`, projectOfUserSchema(username));
  }

  readonly curatedStudios = this.paged<{ username: string }, Studio>(
    (p) => `/users/${seg(p.username)}/studios/curate`,
    studioSchema,
  );

  readonly favorites = this.paged<{ username: string }, Project>(
    (p) => `/users/${seg(p.username)}/favorites`,
    projectWithAuthorSchema,
  );

  readonly followers = this.paged<{ username: string }, User>(
    (p) => `/users/${seg(p.username)}/followers`,
    userSchema,
  );

  readonly following = this.paged<{ username: string }, User>(
    (p) => `/users/${seg(p.username)}/following`,
    userSchema,
  );

  /** Projects recently added to studios the user follows (authentication required). */
  readonly followingStudiosProjects = this.paged<{ username: string }, Project>(
    (p) => `/users/${seg(p.username)}/following/studios/projects`,
    projectWithAuthorSchema,
    'required',
  );

  /** Projects recently loved by users the user follows (authentication required). */
  readonly followingUsersLoves = this.paged<{ username: string }, Project>(
    (p) => `/users/${seg(p.username)}/following/users/loves`,
    projectWithAuthorSchema,
    'required',
  );

  /** Projects recently shared by users the user follows (authentication required). */
  readonly followingUsersProjects = this.paged<{ username: string }, Project>(
    (p) => `/users/${seg(p.username)}/following/users/projects`,
    projectWithAuthorSchema,
    'required',
  );

  /** The front page's "What's Happening?" feed (authentication required). */
  readonly followingActivity = this.paged<{ username: string }, ActivityEvent>(
    (p) => `/users/${seg(p.username)}/following/users/activity`,
    activityEventSchema,
    'required',
  );

  /** All messages, read and unread (authentication required). */
  readonly messages = this.paged<{ username: string }, Message>(
    (p) => `/users/${seg(p.username)}/messages`,
    messageSchema,
    'required',
  );

  /**
   * The site team's alerts (authentication required), as the site's messages page reads them
   * (`GET /users/<me>/messages/admin`). Not paged; a malformed alert is dropped, not the list.
   */
  async getTeamAlerts(username: string): Promise<TeamAlert[]> {
    const path = `/users/${seg(username)}/messages/admin`;
    return (await this.getList(path, teamAlertSchema, 'required')).items;
  }

  /** The member's Scratcher invitation, or null when there is none (authentication required). */
  getScratcherInvite(username: string): Promise<ScratcherInvite | null> {
    return this.getJson(`/users/${seg(username)}/invites`, scratcherInviteSchema, 'required');
  }

  /**
   * Dismisses one of the team's alerts or the invitation as the site's messages page does: a POST
   * to the site's own `/site-api/messages/messages-delete/` (scratch-www's `clearAdminMessage`). True
   * only when the answer says `success`.
   */
  async dismissAlert(kind: AlertKind, alertId: number): Promise<boolean> {
    const url = `${this.urls.site}/site-api/messages/messages-delete/`;
    const answer = await this.http.json(
      await this.siteWrite('POST', url, { alertType: kind, alertId }),
      alertDismissalSchema,
    );
    return answer.success === true;
  }

  /**
   * Marks every message read as the site's messages page does when it opens: a POST with no body to
   * the site's own `/site-api/messages/messages-clear/`. There is no "read up to": what arrived since
   * the list was read is marked too. True when the site took it (an empty answer, or a true
   * `success`), false when it answered otherwise.
   */
  async markAllRead(): Promise<boolean> {
    const url = `${this.urls.site}/site-api/messages/messages-clear/`;
    const response = await this.http.request(await this.siteWrite('POST', url));
    if (response.body.length === 0) return true;
    return alertDismissalSchema.safeParse(parseJson(response.body)).data?.success === true;
  }

  /**
   * Accepts the member's invitation to curate a studio as the studio page does (scratch-www
   * src/views/studio/lib/studio-member-actions.js, acceptInvitation): a PUT to the site's own
   * `/site-api/users/curators-in/<id>/add/?usernames=<me>`. True only when the answer says
   * `success`; an invitation no longer valid answers without it.
   */
  async acceptCuratorInvite(studioId: number, username: string): Promise<boolean> {
    const query = new URLSearchParams({ usernames: username });
    const url = `${this.urls.site}/site-api/users/curators-in/${studioId}/add/?${query}`;
    const answer = await this.http.json(await this.siteWrite('PUT', url), alertDismissalSchema);
    return answer.success === true;
  }

  /**
   * A write to the site's own `/site-api/` as its scripts send one: the session's cookies, the CSRF
   * cookie echoed in `X-CSRFToken` and `X-Requested-With` (scratch-www src/lib/api.js, for requests
   * to the site itself). The token is not sent (the site reads the session cookie); the site as
   * referer comes from the browser's rule (./write-referer.ts). Nothing is sent while signed out.
   */
  private async siteWrite(method: 'POST' | 'PUT', url: string, json?: unknown): Promise<HttpRequest> {
    if ((await this.auth.token()) === null) throw new SignedOut(url);
    const csrf = await this.auth.csrfToken();
    if (csrf === undefined) throw new SignedOut(url);
    const headers: Record<string, string> = { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
    const cookie = await this.auth.cookieHeader?.();
    if (cookie !== undefined) headers.Cookie = cookie;
    return { method, url, headers, json, credentials: 'include' };
  }

  /**
   * The number shown in the site's navigation bar, at its bare address, as the site's pages read it
   * (a CDN serves it). Only after a change Companion knows of, pass `bypassCache`: a neutral query
   * parameter plus `cache: 'reload'` (never `nocache` or `timestamp`, which the service throttles).
   */
  async getMessageCount(username: string, options: { bypassCache?: boolean } = {}): Promise<number> {
    let path = `/users/${seg(username)}/messages/count`;
    if (options.bypassCache)
      path += `?cachebust=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const result = await this.getJson(path, countSchema, 'none', options.bypassCache ? 'reload' : undefined);
    return result.count;
  }

  /** Top-level comments on a project. */
  readonly projectComments = this.paged<{ username: string; projectId: number }, Comment>(
    (p) => `/users/${seg(p.username)}/projects/${p.projectId}/comments`,
    commentSchema,
    'optional',
  );

  getProjectComment(username: string, projectId: number, commentId: number): Promise<Comment> {
    return this.getJson(
      `/users/${seg(username)}/projects/${projectId}/comments/${commentId}`,
      commentSchema,
      'optional',
    );
  }

  /**
   * Replies to a top-level project comment, where the site's own front end reads them
   * (`/users/<owner>/...`); on a 404 at the path docs/interface.md names (`/user/<owner>/...`), and the
   * path that answered is remembered for the next reads (./replies-path.ts).
   */
  readonly projectCommentReplies: PagedList<
    { username: string; projectId: number; commentId: number },
    Comment
  > = pagedList((p, page) => {
    const query = new URLSearchParams();
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    if (page.offset !== undefined) query.set('offset', String(page.offset));
    return withRepliesFallback(this.repliesPath, (segment) =>
      this.getList(
        withQuery(
          `/${segment}/${seg(p.username)}/projects/${p.projectId}/comments/${p.commentId}/replies`,
          query,
        ),
        commentSchema,
        'optional',
      ),
    );
  });

  // -------------------------------------------------------------------------------------------------
  // Projects

  /** Sends the token when signed in: a project that is not shared can be read only with it. */
  getProject(projectId: number): Promise<Project> {
    return this.getJson(`/projects/${projectId}`, projectWithAuthorSchema, 'optional');
  }

  readonly remixes = this.paged<{ projectId: number }, Project>(
    (p) => `/projects/${p.projectId}/remixes`,
    projectWithAuthorSchema,
  );

  /** Studios the project is added to. */
  readonly projectStudios = this.paged<{ projectId: number }, Studio>(
    (p) => `/projects/${p.projectId}/studios`,
    studioSchema,
  );

  /** Whether `username` favorited the project (authentication required). */
  getProjectFavorite(projectId: number, username: string): Promise<ProjectFavorite> {
    return this.getJson(
      `/projects/${projectId}/favorites/user/${seg(username)}`,
      projectFavoriteSchema,
      'required',
    );
  }

  /** Whether `username` loved the project (authentication required). */
  getProjectLove(projectId: number, username: string): Promise<ProjectLove> {
    return this.getJson(`/projects/${projectId}/loves/user/${seg(username)}`, projectLoveSchema, 'required');
  }

  /** Total number of shared projects. */
  async getSharedProjectCount(): Promise<number> {
    return (await this.getJson('/projects/count/all', countSchema)).count;
  }

  // -------------------------------------------------------------------------------------------------
  // Studios

  /**
   * A studio's title, description and stats. Not in the interface document, but served by the live
   * service (real-payloads/studios-studio.json) and the sandbox; the popup's studio view needs it
   * when it opens from a featured row, which names the studio only.
   */
  getStudio(studioId: number): Promise<Studio> {
    return this.getJson(`/studios/${studioId}`, studioSchema);
  }

  readonly studioComments = this.paged<{ studioId: number }, Comment>(
    (p) => `/studios/${p.studioId}/comments`,
    commentSchema,
  );

  getStudioComment(studioId: number, commentId: number): Promise<Comment> {
    return this.getJson(`/studios/${studioId}/comments/${commentId}`, commentSchema);
  }

  readonly studioCommentReplies = this.paged<{ studioId: number; commentId: number }, Comment>(
    (p) => `/studios/${p.studioId}/comments/${p.commentId}/replies`,
    commentSchema,
  );

  /**
   * A studio's own activity, newest first, as the studio page reads it (public; `limit`, then
   * `dateLimit` = the oldest date already held; no offset; the trailing slash the site sends).
   * Where a project added to the studio shows (`addprojecttostudio`): What's Happening never has it.
   */
  async studioActivity(studioId: number, page: StudioActivityPage): Promise<StudioActivityItem[]> {
    const query = new URLSearchParams({ limit: String(Math.min(40, Math.max(1, Math.trunc(page.limit)))) });
    if (page.dateLimit !== undefined) query.set('dateLimit', page.dateLimit);
    return (await this.getList(`/studios/${studioId}/activity/?${query}`, studioActivitySchema, 'none'))
      .items;
  }

  // -------------------------------------------------------------------------------------------------
  // Proxy

  /** The homepage's featured rows; the design-studio row is also under `design_studio`. */
  getFeatured(): Promise<Featured> {
    return this.getJson('/proxy/featured', featuredSchema);
  }

  /** Posts a comment or reply on a project. Throws `CommentRejected` when the service refuses it. */
  postProjectComment(projectId: number, comment: NewComment): Promise<Comment> {
    return this.postComment(`/proxy/comments/project/${projectId}`, comment);
  }

  deleteProjectComment(projectId: number, commentId: number): Promise<void> {
    return this.deleteComment(`/proxy/comments/project/${projectId}/comment/${commentId}`);
  }

  /** Posts a comment or reply on a studio. Throws `CommentRejected` when the service refuses it. */
  postStudioComment(studioId: number, comment: NewComment): Promise<Comment> {
    return this.postComment(`/proxy/comments/studio/${studioId}`, comment);
  }

  deleteStudioComment(studioId: number, commentId: number): Promise<void> {
    return this.deleteComment(`/proxy/comments/studio/${studioId}/comment/${commentId}`);
  }

  // -------------------------------------------------------------------------------------------------
  // Explore and search

  readonly exploreProjects = this.pagedSearch('/explore/projects', projectWithAuthorSchema);
  readonly exploreStudios = this.pagedSearch('/explore/studios', studioSchema);
  readonly searchProjects = this.pagedSearch('/search/projects', projectWithAuthorSchema);
  readonly searchStudios = this.pagedSearch('/search/studios', studioSchema);

  // -------------------------------------------------------------------------------------------------
  // Helpers

  /**
   * Translates `text` into `language` (a translation language code, see `translationLanguage`).
   * Texts made only of digits (and blank ones) are returned as they are, like the editor does;
   * recent results are cached.
   */
  async translate(text: string, language: string): Promise<string> {
    return (await this.translateWithSource(text, language)).text;
  }

  /**
   * `translate`, with the language the text came from when the helper says (`from`: a language
   * code, or null). The live helper wraps a translation service whose answers name the detected
   * language as `detectedSourceLanguage`; the captured answers carry only `result`.
   */
  async translateWithSource(text: string, language: string): Promise<TranslatedText> {
    if (/^[\d\s.,]*$/.test(text)) return { text, from: null };
    const key = `${language}\u0000${text}`;
    const cached = this.translations.get(key);
    if (cached !== undefined) {
      // Re-insert: most recently used last.
      this.translations.delete(key);
      this.translations.set(key, cached);
      return cached;
    }
    const query = new URLSearchParams({ language, text });
    const answer = await this.http.json(
      { url: `${this.urls.translate}/translate?${query}` },
      translationSchema,
    );
    const source = answer.detectedSourceLanguage ?? answer.sourceLanguage;
    const result: TranslatedText = {
      text: answer.result,
      from: typeof source === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(source) ? source : null,
    };
    this.translations.set(key, result);
    if (this.translations.size > 200)
      this.translations.delete(this.translations.keys().next().value as string);
    return result;
  }

  /** Languages the translation helper supports. */
  listTranslationLanguages(): Promise<SupportedLanguage[]> {
    return this.http.json({ url: `${this.urls.translate}/supported` }, supportedLanguagesSchema);
  }

  /**
   * Spoken audio for `text` (at most 128 characters per request, as the editor sends: split longer
   * texts with `splitForSpeech`).
   */
  async synthesize(text: string, options: SpeechOptions = {}): Promise<SynthesizedSpeech> {
    if (text.length > MAX_SPEECH_LENGTH) {
      throw new RangeError(`At most ${MAX_SPEECH_LENGTH} characters per request: split the text first.`);
    }
    const query = new URLSearchParams({
      locale: options.locale ?? 'en-US',
      gender: options.gender ?? 'female',
      text,
    });
    const url = `${this.urls.synthesis}/synth?${query}`;
    const response = await this.http.request({ url });
    const type = response.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '';
    if (!type.startsWith('audio/') && type !== 'application/octet-stream') {
      throw new InvalidResponse(`expected audio, got ${type || 'no content type'}`, {
        url,
        status: response.status,
      });
    }
    if (response.body.byteLength === 0)
      throw new InvalidResponse('empty audio', { url, status: response.status });
    return { bytes: response.body, type: type === 'application/octet-stream' ? 'audio/mpeg' : type };
  }

  // -------------------------------------------------------------------------------------------------
  // Internals

  private paged<P, T>(
    path: (params: P) => string,
    /** The items' schema, or one made from the request's parameters (see `userProjects`). */
    itemSchema: z.ZodType<T, unknown> | ((params: P) => z.ZodType<T, unknown>),
    auth: AuthMode = 'none',
  ): PagedList<P, T> {
    return pagedList<P, T>((params, page) => {
      const schema = typeof itemSchema === 'function' ? itemSchema(params) : itemSchema;
      const query = new URLSearchParams();
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.offset !== undefined) query.set('offset', String(page.offset));
      return this.getList(withQuery(path(params), query), schema, auth);
    });
  }

  private pagedSearch<T>(path: string, itemSchema: z.ZodType<T, unknown>): PagedList<ExploreParams, T> {
    return pagedList<ExploreParams, T>((params, page) => {
      const query = new URLSearchParams({ q: params.q ?? '*' });
      if (params.mode !== undefined) query.set('mode', params.mode);
      if (params.language !== undefined) query.set('language', params.language);
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.offset !== undefined) query.set('offset', String(page.offset));
      return this.getList(withQuery(path, query), itemSchema, 'none');
    });
  }

  private getJson<S extends z.ZodType>(
    path: string,
    schema: S,
    auth: AuthMode = 'none',
    cache?: RequestCache,
  ): Promise<z.output<S>> {
    const url = this.urls.api + path;
    return this.withAuth(auth, url, (headers) => this.http.json({ url, headers, cache }, schema));
  }

  private getList<T>(
    path: string,
    itemSchema: z.ZodType<T, unknown>,
    auth: AuthMode,
  ): Promise<ParsedList<T>> {
    const url = this.urls.api + path;
    return this.withAuth(auth, url, (headers) => this.http.jsonList({ url, headers }, itemSchema));
  }

  /**
   * Runs `send` with the token as the mode asks. Signed out, `required` requests are not sent. A
   * refused token re-reads the session once; the request is retried once with a new token.
   */
  private async withAuth<T>(
    mode: AuthMode,
    url: string,
    send: (headers: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    if (mode === 'none') return send({});
    const token = await this.auth.token();
    if (token === null) {
      if (mode === 'required') throw new SignedOut(url);
      return send({});
    }
    try {
      return await send({ 'X-Token': token });
    } catch (error) {
      const refused = error instanceof Unauthorized || (mode === 'required' && error instanceof Forbidden);
      if (!refused) throw error;
      const fresh = await this.auth.refreshAfterUnauthorized(token);
      if (fresh === null) {
        if (mode === 'required') throw new SignedOut(url);
        return send({});
      }
      // The session still holds the refused token: retrying would be refused again.
      if (fresh === token) {
        throw error instanceof Forbidden
          ? new Unauthorized(error.message, { url, status: error.status })
          : error;
      }
      return send({ 'X-Token': fresh });
    }
  }

  /** Headers and credentials of a write: token, cookies and the CSRF cookie echoed in `X-CSRFToken`. */
  private async write<S extends z.ZodType>(
    method: 'POST' | 'DELETE',
    path: string,
    schema: S,
    json?: unknown,
  ): Promise<z.output<S>> {
    const url = this.urls.api + path;
    return this.withAuth('required', url, async (authHeaders) => {
      const csrf = await this.auth.csrfToken();
      // Without the CSRF cookie the site has no session: the write would be refused.
      if (csrf === undefined) throw new SignedOut(url);
      const headers: Record<string, string> = {
        ...authHeaders,
        'X-CSRFToken': csrf,
        'X-Requested-With': 'XMLHttpRequest',
      };
      const cookie = await this.auth.cookieHeader?.();
      if (cookie !== undefined) headers.Cookie = cookie;
      const request: HttpRequest = { method, url, headers, json, credentials: 'include' };
      return this.http.json(request, schema);
    });
  }

  private async postComment(path: string, comment: NewComment): Promise<Comment> {
    // Refuse locally what the service would refuse anyway: no request, the same sentence.
    if (comment.content.trim() === '') throw new CommentRejected('isEmpty');
    if ([...comment.content].length > MAX_COMMENT_LENGTH) throw new CommentRejected('isTooLong');
    const body = {
      content: comment.content,
      parent_id: comment.parentId === undefined ? '' : String(comment.parentId),
      commentee_id: comment.commenteeId === undefined ? '' : String(comment.commenteeId),
    };
    const result = await this.write('POST', path, commentCreationResultSchema, body);
    if (isRejection(result)) {
      const muteExpiresAt = result.status?.mute_status?.muteExpiresAt ?? undefined;
      throw new CommentRejected(result.rejected, { url: this.urls.api + path, muteExpiresAt });
    }
    return result;
  }

  private async deleteComment(path: string): Promise<void> {
    await this.write('DELETE', path, emptyObjectSchema);
  }
}

/** Splits text into pieces of at most 128 characters, between words, for `synthesize` (see lib/api/text-split.ts). */
export { splitForSpeech } from './text-split';

/**
 * The translation language for a site locale (es-419 to es, pt-br to pt, ja-hira to ja ...); the
 * locale's language part when the helper has no such language (see lib/api/helper-languages.ts).
 */
export function translationLanguage(locale: string): string {
  return helperLanguage(locale) ?? locale.toLowerCase().split(/[-_]/)[0] ?? locale.toLowerCase();
}

function isRejection(result: CommentCreationResult): result is CommentRejection {
  return typeof result.rejected === 'string';
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

function withQuery(path: string, query: URLSearchParams): string {
  const q = query.toString();
  return q === '' ? path : `${path}?${q}`;
}

/** A body as JSON, or undefined when it is not JSON. */
function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
