/** One more ask when the background stopped before answering; none for an answer that was an error. */
import { describe, expect, it, vi } from 'vitest';
import { RateLimited } from '@/lib/api/errors';
import { backgroundWentAway, sendSurvivingRestart } from './background-gone';

const noPause = async () => undefined;

describe('sendSurvivingRestart', () => {
  it('asks once more when no answer came (the browser’s plain error), and gives that answer', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('The message port closed before a response was received.'))
      .mockResolvedValueOnce('translated');
    expect(await sendSurvivingRestart(send, noPause)).toBe('translated');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('asks only once more', async () => {
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('Message manager disconnected'));
    await expect(sendSurvivingRestart(send, noPause)).rejects.toThrow('Message manager disconnected');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not repeat what the background answered with an error of its own', async () => {
    const busy = new RateLimited('Too many requests.', { retryAfterMs: 2000 });
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(busy);
    await expect(sendSurvivingRestart(send, noPause)).rejects.toBe(busy);
    expect(send).toHaveBeenCalledTimes(1);
    expect(backgroundWentAway(busy)).toBe(false);
    expect(backgroundWentAway('nope')).toBe(false);
  });
});
