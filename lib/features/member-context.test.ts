/**
 * The content script's gate: in a private window nothing runs; in a Firefox container's tab only
 * what uses nothing of the member's; the member's own features wait for the background's word where
 * the browser has containers, and for nothing where it has none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sendMessage } from '@/lib/protocol/messaging';
import { memberFeatures, memberFreeFeatures } from './index';
import { runInContext } from './member-context';
import type { Feature } from './registry';

vi.mock('@/lib/protocol/messaging', () => ({ sendMessage: vi.fn() }));

const feature = (name: string): Feature => ({ name, runsOn: () => true, run: () => undefined });
const lists = { member: [feature('count'), feature('marks')], memberFree: [feature('translate')] };

/** The names of the features each call of `run` got, in order. */
async function ran(mayHaveContainers: boolean): Promise<string[][]> {
  const calls: string[][] = [];
  await runInContext(lists, mayHaveContainers, (features) => calls.push(features.map((f) => f.name)));
  return calls;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
});
afterEach(() => {
  fakeBrowser.extension.inIncognitoContext = false;
});

describe('runInContext', () => {
  it('runs nothing at all in a private window, and asks nothing', async () => {
    fakeBrowser.extension.inIncognitoContext = true;
    expect(await ran(true)).toEqual([]);
    expect(await ran(false)).toEqual([]);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('where the browser has no containers (Chrome), runs everything at once, without a message', async () => {
    expect(await ran(false)).toEqual([['translate'], ['count', 'marks']]);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("in the member's own tab of a browser with containers, runs the member's features once the background says so", async () => {
    vi.mocked(sendMessage).mockResolvedValue(true as never);
    expect(await ran(true)).toEqual([['translate'], ['count', 'marks']]);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(sendMessage).toHaveBeenCalledWith('inMemberContext', undefined);
  });

  it("in a container's tab, runs only what uses nothing of the member's", async () => {
    vi.mocked(sendMessage).mockResolvedValue(false as never);
    expect(await ran(true)).toEqual([['translate']]);
  });

  it("runs no member's feature when the background gives no answer", async () => {
    vi.mocked(sendMessage).mockRejectedValue(new TypeError('Untrusted sender'));
    expect(await ran(true)).toEqual([['translate']]);
  });

  it('starts the member-free features before the answer comes', async () => {
    let answer: (own: boolean) => void = () => undefined;
    vi.mocked(sendMessage).mockReturnValue(new Promise((resolve) => (answer = resolve as never)) as never);
    const calls: string[][] = [];
    const done = runInContext(lists, true, (features) => calls.push(features.map((f) => f.name)));
    expect(calls).toEqual([['translate']]);
    answer(true);
    await done;
    expect(calls).toEqual([['translate'], ['count', 'marks']]);
  });
});

describe('the feature lists', () => {
  it('keep every feature that shows or reports the member’s state among the member’s', () => {
    expect(memberFreeFeatures.map((f) => f.name)).toEqual(['translate-comments']);
    expect(memberFeatures.map((f) => f.name).sort()).toEqual([
      'editor-message-count',
      'messages-page-opened',
      'nav-bar-message-count',
      'profile-message-count',
      'project-page-status',
      'project-status-marks',
      'title-message-count',
    ]);
  });
});
