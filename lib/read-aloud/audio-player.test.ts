/**
 * Chrome's player (audio-player.ts): the offscreen document it plays in is opened when needed, and
 * opened again when the browser closed it as a clip was sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFSCREEN_PATH, offscreenAudioMessaging, offscreenAudioPlayer } from './audio-player';

/** A Chrome with an offscreen API: `open` says whether the document is there. */
function fakeChrome(open: { value: boolean }) {
  const createDocument = vi.fn(async () => {
    open.value = true;
  });
  vi.stubGlobal('chrome', {
    offscreen: { createDocument },
    runtime: { getContexts: async () => (open.value ? [{}] : []) },
  });
  return { createDocument };
}

const CLIP = { bytes: new Uint8Array([1, 2, 3]), type: 'audio/mpeg' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the offscreen audio player', () => {
  it('opens the document when none is open, then sends the clip', async () => {
    const open = { value: false };
    const { createDocument } = fakeChrome(open);
    const send = vi.spyOn(offscreenAudioMessaging, 'sendMessage').mockResolvedValue(undefined as never);
    await offscreenAudioPlayer().start(CLIP);
    expect(createDocument).toHaveBeenCalledWith(expect.objectContaining({ url: OFFSCREEN_PATH }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe('offscreenAudio.start');
  });

  it('opens the document again and sends the clip once more when the browser closed it as the clip left', async () => {
    const open = { value: true };
    const { createDocument } = fakeChrome(open);
    const send = vi
      .spyOn(offscreenAudioMessaging, 'sendMessage')
      .mockImplementationOnce(async () => {
        open.value = false;
        throw new Error('Could not establish connection. Receiving end does not exist.');
      })
      .mockResolvedValue(undefined as never);
    await offscreenAudioPlayer().start(CLIP);
    expect(createDocument).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[1]).toEqual(send.mock.calls[0]?.[1]);
  });

  it('fails on any other error, and tries only once more when the document is gone again', async () => {
    fakeChrome({ value: true });
    vi.spyOn(offscreenAudioMessaging, 'sendMessage').mockRejectedValue(new Error('The clip could not play'));
    await expect(offscreenAudioPlayer().start(CLIP)).rejects.toThrow('The clip could not play');
    vi.restoreAllMocks();
    fakeChrome({ value: true });
    const send = vi
      .spyOn(offscreenAudioMessaging, 'sendMessage')
      .mockRejectedValue(new Error('The message port closed before a response was received.'));
    await expect(offscreenAudioPlayer().start(CLIP)).rejects.toThrow('message port closed');
    expect(send).toHaveBeenCalledTimes(2);
  });
});
