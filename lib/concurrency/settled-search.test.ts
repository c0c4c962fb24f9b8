/** Typing settles before a search is sent, and only the newest answer is delivered. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_SETTLE_MS, settledSearch } from './settled-search';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('settledSearch', () => {
  it('sends one search for the settled text of fast typing', async () => {
    const run = vi.fn(async (q: string) => `answer ${q}`);
    const onAnswer = vi.fn();
    const search = settledSearch({ run, onAnswer });
    for (const text of ['c', 'ca', 'cat', 'cats']) {
      search.push(text);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS - 100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('cats');
    expect(onAnswer).toHaveBeenCalledWith('answer cats', 'cats');
  });

  it('never lets an outdated answer replace a newer one', async () => {
    const resolvers = new Map<string, (answer: string) => void>();
    const run = (q: string) => new Promise<string>((resolve) => resolvers.set(q, resolve));
    const onAnswer = vi.fn();
    const search = settledSearch({ run, onAnswer });
    search.push('ca');
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    search.push('cat');
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    resolvers.get('cat')?.('cat results');
    await vi.advanceTimersByTimeAsync(0);
    resolvers.get('ca')?.('ca results');
    await vi.advanceTimersByTimeAsync(0);
    expect(onAnswer.mock.calls).toEqual([['cat results', 'cat']]);
  });

  it('drops the answer to a text the member has typed on from, and sends at once on flush', async () => {
    let resolveFirst: (answer: string) => void = () => undefined;
    const run = vi.fn((q: string) =>
      q === 'dog' ? new Promise<string>((resolve) => (resolveFirst = resolve)) : Promise.resolve(q),
    );
    const onAnswer = vi.fn();
    const search = settledSearch({ run, onAnswer });
    search.push('dog');
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    search.push('dogs');
    resolveFirst('dog results');
    await vi.advanceTimersByTimeAsync(0);
    expect(onAnswer).not.toHaveBeenCalled();
    search.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(onAnswer).toHaveBeenCalledWith('dogs', 'dogs');
    search.push('x');
    search.cancel();
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS * 2);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
