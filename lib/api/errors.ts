/**
 * Typed errors of the API client. Each has a stable `name` (it survives the messaging layer, which
 * serialises errors as `{ name, message, ...own fields }`), so the popup and content scripts can
 * tell them apart with `isApiError(e, 'NotFound')` without importing these classes' code paths.
 * Messages never contain the token (it only ever travels in a header).
 */

export type ApiErrorName =
  | 'NotFound'
  | 'Unauthorized'
  | 'SignedOut'
  | 'Forbidden'
  | 'RateLimited'
  | 'Network'
  | 'Timeout'
  | 'ServerError'
  | 'UnexpectedStatus'
  | 'Redirected'
  | 'InvalidResponse'
  | 'CommentRejected';

export abstract class ApiError extends Error {
  abstract override readonly name: ApiErrorName;
  /** The URL requested, without query parameters that could carry user text. */
  readonly url: string | undefined;
  /** HTTP status when the service answered. */
  readonly status: number | undefined;

  constructor(message: string, options: { url?: string; status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.url = options.url === undefined ? undefined : stripQuery(options.url);
    this.status = options.status;
  }
}

function stripQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** 404: unknown user, project, studio or comment. */
export class NotFound extends ApiError {
  readonly name = 'NotFound' as const;
}

/** 401, or a 403 on an endpoint that needs authentication: the token was missing or refused. */
export class Unauthorized extends ApiError {
  readonly name: 'Unauthorized' | 'SignedOut' = 'Unauthorized';
}

/** The member is signed out: the request needing authentication was not sent at all. */
export class SignedOut extends Unauthorized {
  override readonly name = 'SignedOut' as const;
  constructor(url?: string) {
    super('Sign in to the site to do this.', { url });
  }
}

/** 403 on an endpoint that does not need authentication (e.g. a project the member may not see). */
export class Forbidden extends ApiError {
  readonly name = 'Forbidden' as const;
}

/** 429. `retryAfterMs` comes from `Retry-After` when the service sent one. */
export class RateLimited extends ApiError {
  readonly name = 'RateLimited' as const;
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { url?: string; retryAfterMs?: number } = {}) {
    super(message, { url: options.url, status: 429 });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The request never got an answer (offline, DNS, connection reset, CORS). */
export class Network extends ApiError {
  readonly name = 'Network' as const;
}

/** No complete answer within the timeout. */
export class Timeout extends ApiError {
  readonly name = 'Timeout' as const;
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options: { url?: string } = {}) {
    super(`No answer within ${Math.round(timeoutMs / 100) / 10} s.`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** 5xx, still failing after the retries. */
export class ServerError extends ApiError {
  readonly name = 'ServerError' as const;
}

/** Any other status the client does not expect (400, 405, 3xx ...). */
export class UnexpectedStatus extends ApiError {
  readonly name = 'UnexpectedStatus' as const;
}

/**
 * A request carrying the member's credentials (token, CSRF token, cookies) was answered with a
 * redirect, which was not followed: the browser would have sent those headers on to wherever it
 * pointed. Not retried: the same request gets the same redirect. `status` is unknown in a browser
 * (it shows such an answer only as an opaque redirect).
 */
export class Redirected extends ApiError {
  readonly name = 'Redirected' as const;
}

/** The body is not JSON, or not the shape the schema expects. `summary` lists the first zod issues. */
export class InvalidResponse extends ApiError {
  readonly name = 'InvalidResponse' as const;
  readonly summary: string;
  constructor(summary: string, options: { url?: string; status?: number; cause?: unknown } = {}) {
    super(`Unexpected answer from the service: ${summary}`, options);
    this.summary = summary;
  }
}

/** Human sentences for the rejection codes the site is known to send. */
const rejectionSentences: Readonly<Record<string, string>> = {
  isEmpty: 'The comment is empty: write something before posting.',
  isFlood: "You're commenting too fast. Wait a little, then try again.",
  isBad: 'The comment was blocked by the filter for words that are not allowed.',
  hasChatSite: 'The comment links to a chat site, which is not allowed.',
  isSpam: 'You already posted this comment. Write something different.',
  isMuted: 'Your account is muted from commenting for now.',
  isUnconstructive: 'The comment looks unconstructive or mean, so it was not posted.',
  isDisallowed: 'Comments are turned off here.',
  isIPMuted: 'Commenting is blocked from your network for now.',
  isTooLong: 'The comment is too long: keep it under 500 characters.',
  isNotPermitted: 'Confirm your email address before commenting.',
  replyLimitReached: 'This thread has reached its reply limit: start a new comment instead.',
};

export const genericRejectionSentence = 'The comment could not be posted. Try again later.';

export function rejectionSentence(code: string): string {
  return Object.hasOwn(rejectionSentences, code)
    ? (rejectionSentences[code] as string)
    : genericRejectionSentence;
}

/** The service refused a new comment (status 200 with a rejection object). */
export class CommentRejected extends ApiError {
  readonly name = 'CommentRejected' as const;
  /** The service's code, e.g. `isFlood`. */
  readonly code: string;
  /** A sentence to show the member. */
  readonly sentence: string;
  /** When muted: seconds since the epoch when the mute ends. */
  readonly muteExpiresAt: number | undefined;
  constructor(code: string, options: { url?: string; muteExpiresAt?: number } = {}) {
    const sentence = rejectionSentence(code);
    super(sentence, { url: options.url, status: 200 });
    this.code = code;
    this.sentence = sentence;
    this.muteExpiresAt = options.muteExpiresAt;
  }
}

const apiErrorNames: ReadonlySet<string> = new Set<ApiErrorName>([
  'NotFound',
  'Unauthorized',
  'SignedOut',
  'Forbidden',
  'RateLimited',
  'Network',
  'Timeout',
  'ServerError',
  'UnexpectedStatus',
  'Redirected',
  'InvalidResponse',
  'CommentRejected',
]);

/**
 * True when `error` is an API error (optionally of one kind). Works on errors that crossed the
 * messaging layer too: those are plain `Error`s with the `name` kept.
 */
export function isApiError<N extends ApiErrorName>(error: unknown, name?: N): error is Error & { name: N } {
  if (!(error instanceof Error)) return false;
  // A SignedOut is an Unauthorized too.
  if (name === 'Unauthorized') return error.name === 'Unauthorized' || error.name === 'SignedOut';
  if (name !== undefined) return error.name === name;
  return apiErrorNames.has(error.name);
}
