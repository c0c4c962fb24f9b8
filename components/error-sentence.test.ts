import { describe, expect, it } from 'vitest';
import { errorSentence, retryDueIn } from './error-sentence';

describe('what a failed read says', () => {
  it('has a sentence for each kind of failure', () => {
    const at = 0;
    expect(errorSentence({ kind: 'rate-limited', at, status: 429, retryAfterMs: 1_500 })).toBe(
      'The site asked Companion to slow down. It will try again in 2 seconds.',
    );
    expect(errorSentence({ kind: 'rate-limited', at, status: 429, retryAfterMs: 1_000 })).toBe(
      'The site asked Companion to slow down. It will try again in 1 second.',
    );
    expect(errorSentence({ kind: 'rate-limited', at })).toBe('The site asked Companion to slow down.');
    expect(errorSentence({ kind: 'server', at, status: 503 })).toBe('The site had a problem (error 503).');
    expect(errorSentence({ kind: 'server', at })).toBe('The site had a problem.');
    expect(errorSentence({ kind: 'offline', at })).toBe('You seem to be offline.');
    expect(errorSentence({ kind: 'timeout', at })).toBe('The site did not answer in time.');
    expect(errorSentence({ kind: 'malformed', at })).toBe(
      'The site sent an answer Companion could not read.',
    );
    expect(errorSentence({ kind: 'signed-out', at })).toBe('You are signed out of the site.');
    expect(errorSentence({ kind: 'redirected', at })).toBe(
      'The site answered with a redirect to another place. Companion did not follow it, to keep your account safe.',
    );
    expect(errorSentence({ kind: 'unknown', at })).toBe('Something went wrong while reading this list.');
  });
});

describe('when a rate-limited list is read again', () => {
  it('is when the Retry-After the sentence promises has passed, and only after a 429 that said so', () => {
    const error = { kind: 'rate-limited' as const, at: 10_000, status: 429, retryAfterMs: 2_000 };
    expect(retryDueIn(error, 10_500)).toBe(1_500);
    expect(retryDueIn(error, 13_000)).toBe(0);
    expect(retryDueIn({ kind: 'rate-limited', at: 10_000 }, 10_500)).toBeNull();
    expect(retryDueIn({ kind: 'server', at: 10_000, status: 503 }, 10_500)).toBeNull();
    expect(retryDueIn(null, 10_500)).toBeNull();
  });
});
