/**
 * SandboxControl: the in-process twin of the control interface (control-routes.ts serves the same
 * operations over HTTP). Holds the faults the request pipeline applies (faults.ts), the request log
 * and counters, and reaches into the store for resets, token expiry, new messages and its clock.
 */
import type { SandboxClock } from './clock';
import type { ElsewhereRequest } from './elsewhere';
import { addMessageMix, type MessageMix } from './message-mix';
import type { ActivityEvent, AdminMessage, Comment, Message, Project, ScratcherInvite } from './model';
import type { SandboxPart } from './origins';
import { Random } from './random';
import type {
  NewActivity,
  NewMessage,
  NewSharedProject,
  ProjectCounts,
  ProjectCountsChange,
  SignInResult,
  Store,
} from './store';

/**
 * Route patterns are globs over the request path (no query): `*` matches within one segment, `**`
 * matches anything, e.g. `/users/*\/messages/count` or `/proxy/**`. An optional `part` and `method`
 * narrow a rule further.
 */
export interface RouteMatch {
  pattern?: string;
  part?: SandboxPart;
  method?: string;
}

export interface LatencyRule extends RouteMatch {
  fixedMs: number;
  jitterMs?: number;
}

export interface FailureRule extends RouteMatch {
  pattern: string;
  /** 0..1: the share of matching requests that fail (seeded dice: reproducible). */
  rate: number;
  /** Status of the failure; default 500. */
  status?: number;
}

export interface RateLimitRule extends RouteMatch {
  pattern: string;
  /** How many of the next matching requests get 429. */
  count: number;
  /** The `Retry-After` header, in seconds; default 2. */
  retryAfterSeconds?: number;
}

export interface MalformedRule extends RouteMatch {
  pattern: string;
  /** `malformed`: a body that is not JSON; `truncated`: the real body cut in half. */
  kind: 'malformed' | 'truncated';
  /** How many matching responses to spoil; default: all until cleared. */
  count?: number;
}

/**
 * The network gone for matching requests: the connection is dropped without an answer (the
 * browser sees a network error, as when the member's connection or the service's front end is
 * down). Preflights too: nothing gets through.
 */
export interface OutageRule extends RouteMatch {}

/** The redirect statuses a rule may answer with. */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * Matching requests (preflights too) are answered with a redirect to the same path and query on the
 * second server ("elsewhere", elsewhere.ts). 301, 302 and 303 let a client turn a POST into a GET;
 * 307 and 308 keep the method and body; a client that follows any of them keeps its custom headers
 * (`X-Token`, `X-CSRFToken`).
 */
export interface RedirectRule extends RouteMatch {
  status: RedirectStatus;
  /** How many matching requests to redirect; default: all until cleared. */
  count?: number;
}

export interface ForcedRejection {
  /** The rejection code the next comment posts get (isMuted, hasChatSite, ...). */
  code: string;
  /** How many posts; default 1. */
  count?: number;
  /** Extra fields of the rejection object (`status: { mute_status: ... }`, `appealId`). */
  extra?: Record<string, unknown>;
}

export interface RequestLogEntry {
  time: string;
  part: SandboxPart;
  method: string;
  path: string;
  /** The query string without `?` ('' for none). */
  query: string;
  status: number;
  /** Normalised route (`/users/:username/messages/count`), the key of the counters. */
  route: string;
  origin: string | null;
  hasToken: boolean;
  userAgent: string | null;
  /**
   * Which fault answered or spoiled the response, if any; `abandoned`: the client closed the
   * connection before the answer (its timeout, say), so the status is what it never received.
   */
  fault?: 'failure' | 'rateLimit' | 'malformed' | 'truncated' | 'outage' | 'redirect' | 'abandoned';
}

export interface LogFilter extends RouteMatch {}

/** The sandbox's clock as the control interface reports it. */
export interface ClockReading {
  /** The sandbox's time now (ISO). */
  now: string;
  /** When it started: the seed lies before it (ISO). */
  start: string;
  /** How far it has been moved from its course (ms): 0 until advanced or set, and after a reset. */
  movedMs: number;
}

/** A request received and not answered yet (held by a latency rule, or being handled). */
export interface InFlightRequest {
  time: string;
  part: SandboxPart;
  method: string;
  path: string;
}

const MAX_LOG = 20_000;

/** Compile a path glob: `**` anything, `*` anything but `/`. */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((chunk) =>
      chunk
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** `/users/alice/projects/123/comments` -> `/users/:username/projects/:id/comments`. */
export function normaliseRoute(part: SandboxPart, path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (/^\d+$/.test(segment)) return ':id';
      const previous = segments[i - 1];
      if ((previous === 'users' || previous === 'user') && segment !== '' && !(part === 'uploads'))
        return ':username';
      if (part === 'uploads' && /^\d+(_\d+x\d+)?\.png$/.test(segment)) return ':image';
      return segment;
    })
    .join('/');
}

interface Counted<T> {
  rule: T;
  regexp: RegExp;
  remaining: number;
}

export class SandboxControl {
  readonly store: Store;
  /** PEM of the HTTPS listener's self-signed certificate (null without HTTPS). */
  certificatePem: string | null = null;
  /** How long the simulated CDN keeps a message count (seconds); 0 turns the staleness off. */
  messageCountCacheSeconds = 30;
  /**
   * Whether writes under /proxy and the site's own writes (`/site-api/` marking read, dismissing,
   * accepting a curator invitation) need the site as referer, as the live site's CSRF protection does
   * (docs/site-reference.md, Authentication). Off by default: most clients of the sandbox (tests in
   * Node) send no referer; the extension's tests turn it on to prove its writes carry one.
   */
  refererCheck = false;
  /**
   * Which paths answer a project comment's replies: the site's own `/users/` and docs/interface.md's
   * `/user/` (both by default). One turned off answers 404, as an unknown route.
   */
  repliesPaths = { users: true, user: true };
  /** Origin of the second server that redirects point to (set by startSandbox). */
  elsewhereOrigin = '';
  private latency: Counted<LatencyRule>[] = [];
  private failures: Counted<FailureRule>[] = [];
  private rateLimits: Counted<RateLimitRule>[] = [];
  private malformed: Counted<MalformedRule>[] = [];
  private outages: Counted<OutageRule>[] = [];
  private redirects: Counted<RedirectRule>[] = [];
  private rejections: Counted<ForcedRejection>[] = [];
  private log: RequestLogEntry[] = [];
  private elsewhereLog: ElsewhereRequest[] = [];
  private arrived = new Set<InFlightRequest>();
  private counts = new Map<string, number>();
  private dice: Random;
  private resetListeners: (() => void)[] = [];
  private releaseListeners: (() => void)[] = [];

  constructor(store: Store) {
    this.store = store;
    this.dice = new Random(store.seed);
  }

  /** Reset all state (the seeded world, sessions, moves of the clock), every fault, the log, the counters. */
  reset(): void {
    this.store.reset();
    this.clearFaults();
    this.clearLog();
    this.clearElsewhereLog();
    this.messageCountCacheSeconds = 30;
    this.refererCheck = false;
    this.repliesPaths = { users: true, user: true };
    this.dice = new Random(this.store.seed);
    for (const listener of this.resetListeners) listener();
  }

  /** Parts with caches of their own (the message-count CDN) drop them on reset. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /**
   * Answers every request a latency rule is holding now, as if its delay had passed (the rules
   * stay: later requests wait again). A test can hold an answer for as long as it needs to look,
   * then let it through, instead of guessing a delay that a slow machine may outlast.
   */
  releaseDelayed(): void {
    for (const listener of this.releaseListeners) listener();
  }

  /** The server's pending delays are released through this (see startSandbox). */
  onReleaseDelayed(listener: () => void): void {
    this.releaseListeners.push(listener);
  }

  clearFaults(): void {
    this.latency = [];
    this.failures = [];
    this.rateLimits = [];
    this.malformed = [];
    this.outages = [];
    this.redirects = [];
    this.rejections = [];
  }

  addLatency(rule: LatencyRule): void {
    this.latency.push({
      rule,
      regexp: globToRegExp(rule.pattern ?? '**'),
      remaining: Number.POSITIVE_INFINITY,
    });
  }

  addFailure(rule: FailureRule): void {
    this.failures.push({ rule, regexp: globToRegExp(rule.pattern), remaining: Number.POSITIVE_INFINITY });
  }

  addRateLimit(rule: RateLimitRule): void {
    this.rateLimits.push({ rule, regexp: globToRegExp(rule.pattern), remaining: rule.count });
  }

  addMalformed(rule: MalformedRule): void {
    this.malformed.push({
      rule,
      regexp: globToRegExp(rule.pattern),
      remaining: rule.count ?? Number.POSITIVE_INFINITY,
    });
  }

  addOutage(rule: OutageRule): void {
    this.outages.push({
      rule,
      regexp: globToRegExp(rule.pattern ?? '**'),
      remaining: Number.POSITIVE_INFINITY,
    });
  }

  addRedirect(rule: RedirectRule): void {
    this.redirects.push({
      rule,
      regexp: globToRegExp(rule.pattern ?? '**'),
      remaining: rule.count ?? Number.POSITIVE_INFINITY,
    });
  }

  forceCommentRejection(rejection: ForcedRejection): void {
    this.rejections.push({ rule: rejection, regexp: /^/, remaining: rejection.count ?? 1 });
  }

  /** Invalidate every token of a user; returns how many sessions lost their token. */
  expireToken(username: string): number {
    return this.store.expireTokens(username);
  }

  addMessage(username: string, message: NewMessage): Message {
    return this.store.addMessage(username, message);
  }

  /**
   * Thirty unread messages the Messages tab groups (follows, loves and favorites of one project,
   * one studio's activity, one forum topic's posts): see message-mix.ts.
   */
  addMessageMix(username: string): MessageMix {
    return addMessageMix(this.store, username);
  }

  /** An alert from the site's team: counted, never listed by `/messages`, not cleared by the messages page. */
  addAdminMessage(username: string, message: string): AdminMessage {
    return this.store.addAdminMessage(username, message);
  }

  /** Dismisses one of a user's alerts (the count drops by one); false when there is no such alert. */
  dismissAdminMessage(username: string, id: number): boolean {
    return this.store.dismissAdminMessage(username, id);
  }

  /** Invites a user to become a Scratcher: counted, never listed by `/messages`, like an alert. */
  addInvite(username: string): ScratcherInvite {
    return this.store.addInvite(username);
  }

  /** Dismisses a user's every alert and their invitation (the count drops by as many): how many went. */
  clearAlerts(username: string): number {
    return this.store.clearAlerts(username);
  }

  /** `actor` adds a shared project to a studio now: first in its projects and its activity. */
  addProjectToStudio(input: { studioId: number; projectId: number; actor: string }): ActivityEvent {
    return this.store.addProjectToStudio(input);
  }

  /** The `addcomment` message the site sends `username` about `comment` (see the store's). */
  addCommentMessage(username: string, comment: Comment, actor?: string): Message {
    return this.store.addCommentMessage(username, comment, actor);
  }

  /** An activity event that happens now: the newest in the feeds of the actor's followers. */
  addActivity(activity: NewActivity): ActivityEvent {
    return this.store.addActivity(activity);
  }

  /** A user shares a new project now (with its `shareproject` activity event). */
  shareProject(input: NewSharedProject): { project: Project; event: ActivityEvent } {
    return this.store.shareProject(input);
  }

  /** Changes a project's counts as other members would (store.ts, `changeProjectCounts`). */
  changeProjectCounts(projectId: number, change: ProjectCountsChange): ProjectCounts {
    return this.store.changeProjectCounts(projectId, change);
  }

  signIn(username: string): SignInResult {
    return this.store.signIn(username);
  }

  /** The sandbox's clock (clock.ts): what the sandbox dates and its time-based rules read it. */
  get clock(): SandboxClock {
    return this.store.clock;
  }

  clockReading(): ClockReading {
    const { clock } = this;
    return { now: clock.iso(), start: new Date(clock.start).toISOString(), movedMs: clock.moved() };
  }

  /**
   * Lets `ms` pass at once: what the sandbox dates from now on is that much later (an item added
   * after advancing by a day is a day newer than one added before), and the rules that depend on
   * the time see it pass (the message count's CDN window, the comment rules' windows). A reset
   * undoes it.
   */
  advanceClock(ms: number): ClockReading {
    this.clock.advance(ms);
    return this.clockReading();
  }

  /** Sets the sandbox's time (ms since the epoch), forward or back; it runs on from there. */
  setClock(time: number): ClockReading {
    this.clock.set(time);
    return this.clockReading();
  }

  requestLog(filter: LogFilter = {}): RequestLogEntry[] {
    const regexp = filter.pattern ? globToRegExp(filter.pattern) : null;
    return this.log.filter(
      (e) =>
        (!filter.part || e.part === filter.part) &&
        (!filter.method || e.method === filter.method.toUpperCase()) &&
        (!regexp || regexp.test(e.path)),
    );
  }

  /**
   * Requests received and not answered yet, oldest first: a test can act while one is under way
   * (e.g. stop the browser's background while its read waits out a latency rule).
   */
  inFlight(filter: LogFilter = {}): InFlightRequest[] {
    const regexp = filter.pattern ? globToRegExp(filter.pattern) : null;
    return [...this.arrived].filter(
      (e) =>
        (!filter.part || e.part === filter.part) &&
        (!filter.method || e.method === filter.method.toUpperCase()) &&
        (!regexp || regexp.test(e.path)),
    );
  }

  /** Requests received per `<part> <METHOD> <route>` since the last reset or clearLog. */
  counters(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  clearLog(): void {
    this.log = [];
    this.counts.clear();
  }

  /** Every request the second server received since the last reset or clearElsewhereLog, oldest first. */
  elsewhereRequests(): ElsewhereRequest[] {
    return [...this.elsewhereLog];
  }

  clearElsewhereLog(): void {
    this.elsewhereLog = [];
  }

  recordElsewhere(request: ElsewhereRequest): void {
    this.elsewhereLog.push(request);
    if (this.elsewhereLog.length > MAX_LOG) this.elsewhereLog.splice(0, this.elsewhereLog.length - MAX_LOG);
  }

  // Used by the request pipeline (faults.ts, comment handlers)

  /** A request arrived; call the returned function once it is answered. */
  arrive(request: InFlightRequest): () => void {
    this.arrived.add(request);
    return () => this.arrived.delete(request);
  }

  record(entry: RequestLogEntry): void {
    this.log.push(entry);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
    const key = `${entry.part} ${entry.method} ${entry.route}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  latencyFor(part: SandboxPart, method: string, path: string): number {
    const hit = this.find(this.latency, part, method, path);
    if (!hit) return 0;
    const jitter = hit.rule.jitterMs ?? 0;
    return Math.max(0, hit.rule.fixedMs + Math.floor(this.dice.next() * (jitter + 1)));
  }

  takeRateLimit(part: SandboxPart, method: string, path: string): number | null {
    const hit = this.find(this.rateLimits, part, method, path);
    if (!hit) return null;
    hit.remaining--;
    return hit.rule.retryAfterSeconds ?? 2;
  }

  takeFailure(part: SandboxPart, method: string, path: string): number | null {
    const hit = this.find(this.failures, part, method, path);
    if (!hit || this.dice.next() >= hit.rule.rate) return null;
    return hit.rule.status ?? 500;
  }

  takeMalformed(part: SandboxPart, method: string, path: string): MalformedRule['kind'] | null {
    const hit = this.find(this.malformed, part, method, path);
    if (!hit) return null;
    hit.remaining--;
    return hit.rule.kind;
  }

  isOut(part: SandboxPart, method: string, path: string): boolean {
    return this.find(this.outages, part, method, path) !== undefined;
  }

  /** Where a matching request is sent instead (status and location), or null. */
  takeRedirect(part: SandboxPart, method: string, path: string, query: string) {
    const hit = this.find(this.redirects, part, method, path);
    if (!hit) return null;
    hit.remaining--;
    return { status: hit.rule.status, location: `${this.elsewhereOrigin}${path}${query}` };
  }

  takeForcedRejection(): ForcedRejection | null {
    const hit = this.rejections.find((r) => r.remaining > 0);
    if (!hit) return null;
    hit.remaining--;
    return hit.rule;
  }

  private find<T extends RouteMatch>(rules: Counted<T>[], part: SandboxPart, method: string, path: string) {
    return rules.find(
      (r) =>
        r.remaining > 0 &&
        (!r.rule.part || r.rule.part === part) &&
        (!r.rule.method || r.rule.method.toUpperCase() === method) &&
        r.regexp.test(path),
    );
  }
}
