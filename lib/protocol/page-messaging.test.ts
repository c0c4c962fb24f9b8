/**
 * The content script's `sendMessage` (./page-messaging.ts) speaks the library's wire format over
 * `browser.runtime`: what the background's handlers answer comes back as it would through the
 * library, an error with its name and fields, and a background that is gone as the plain Error
 * lib/protocol/background-gone.ts asks again after.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { backgroundWentAway } from './background-gone';
import { sendMessage } from './page-messaging';

afterEach(() => fakeBrowser.reset());

describe("the content script's sendMessage", () => {
  it('sends the library’s message and gives back the answer', async () => {
    const received: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
      received.push(message);
      return { res: { development: false, version: '1.2.3' } };
    });
    await expect(sendMessage('ping', undefined)).resolves.toEqual({ development: false, version: '1.2.3' });
    expect(received).toEqual([
      { id: expect.any(Number), type: 'ping', data: undefined, timestamp: expect.any(Number) },
    ]);
  });

  it('throws the error the background answered, with its name and fields', async () => {
    fakeBrowser.runtime.onMessage.addListener(async () => ({
      err: { name: 'RateLimited', message: 'slow down', stack: '', retryAfterMs: 30_000 },
    }));
    const error = await sendMessage('ping', undefined).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RateLimited', message: 'slow down', retryAfterMs: 30_000 });
    expect(backgroundWentAway(error)).toBe(false);
  });

  it('fails with a plain Error when no background answers', async () => {
    const error = await sendMessage('ping', undefined).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(backgroundWentAway(error)).toBe(true);
  });
});
