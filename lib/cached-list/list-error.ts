/** The service's failure as a list keeps it (beside its items) and the popup tells it. */
import { type ApiErrorName, isApiError } from '@/lib/api/errors';
import type { ListError, ListErrorKind } from './cached-list';

const KINDS: Partial<Record<ApiErrorName, ListErrorKind>> = {
  Network: 'offline',
  Timeout: 'timeout',
  ServerError: 'server',
  InvalidResponse: 'malformed',
  SignedOut: 'signed-out',
  Unauthorized: 'signed-out',
  Redirected: 'redirected',
};

export function listErrorOf(error: unknown, at: number): ListError {
  const status = (error as { status?: unknown } | null)?.status;
  const withStatus = (kind: ListErrorKind): ListError =>
    typeof status === 'number' ? { kind, at, status } : { kind, at };
  if (isApiError(error, 'RateLimited')) {
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return typeof retryAfterMs === 'number'
      ? { kind: 'rate-limited', at, status: 429, retryAfterMs }
      : { kind: 'rate-limited', at, status: 429 };
  }
  if (isApiError(error)) return withStatus(KINDS[error.name] ?? 'unknown');
  return withStatus('unknown');
}
