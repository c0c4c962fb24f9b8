import { describe, expect, it } from 'vitest';
import { Network, RateLimited, Redirected, ServerError } from '@/lib/api/errors';
import { listErrorOf } from './list-error';

describe('listErrorOf', () => {
  it('tells the kind of failure, with the status when there was an answer', () => {
    expect(listErrorOf(new Network('x'), 5)).toEqual({ kind: 'offline', at: 5 });
    expect(listErrorOf(new ServerError('x', { status: 503 }), 5)).toEqual({
      kind: 'server',
      at: 5,
      status: 503,
    });
    expect(listErrorOf(new Error('x'), 5)).toEqual({ kind: 'unknown', at: 5 });
    // A redirect not followed: a browser does not say its status.
    expect(listErrorOf(new Redirected('x'), 5)).toEqual({ kind: 'redirected', at: 5 });
    expect(listErrorOf(new Redirected('x', { status: 307 }), 5)).toEqual({
      kind: 'redirected',
      at: 5,
      status: 307,
    });
  });

  it('keeps how long the service asked to wait', () => {
    expect(listErrorOf(new RateLimited('x', { retryAfterMs: 2000 }), 5)).toEqual({
      kind: 'rate-limited',
      at: 5,
      status: 429,
      retryAfterMs: 2000,
    });
    expect(listErrorOf(new RateLimited('x'), 5)).toEqual({ kind: 'rate-limited', at: 5, status: 429 });
  });

  it('reads errors that crossed a boundary by name', () => {
    const crossed = Object.assign(new Error('x'), { name: 'Timeout' });
    expect(listErrorOf(crossed, 5)).toEqual({ kind: 'timeout', at: 5 });
  });
});
