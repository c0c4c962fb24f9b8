/**
 * `sync:messageCountSettings` version 1 → 2 (the badge as a setting): a member's
 * stored choices are kept and the badge arrives on, as version 1 always showed it; content scripts,
 * which read the raw key, count a missing `badge` as on.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settingsOf } from '@/lib/features/stored-message-count';
import {
  type MessageCountSettingsV1,
  messageCountSettingsOf,
  messageCountSettingsV1ToV2,
} from '@/lib/message-count/message-count-model';
import { messageCountSettingsItem } from '@/lib/message-count/message-count-storage';

const stored: MessageCountSettingsV1 = { signedOutMark: false, titlePrefix: false, notifications: true };

describe('message count settings, version 1 to 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every stored choice and adds the badge, on', () => {
    expect(messageCountSettingsV1ToV2(stored)).toEqual({ ...stored, badge: true });
  });

  it('migrates the stored item: the old shape reads as the new one, marked version 2', async () => {
    // As version 1 left it: the value, and no version mark (WXT counts a missing mark as 1).
    await fakeBrowser.storage.sync.set({ messageCountSettings: stored });
    await messageCountSettingsItem.migrate();
    expect(await messageCountSettingsItem.getValue()).toEqual({ ...stored, badge: true });
    expect(await messageCountSettingsItem.getMeta()).toEqual({ v: 2 });
  });

  it('a member who never changed a setting reads the defaults, badge on', async () => {
    await messageCountSettingsItem.migrate();
    expect((await messageCountSettingsItem.getValue()).badge).toBe(true);
  });

  it('readers of the raw key count a missing badge as on, and keep a stored off', () => {
    expect(messageCountSettingsOf(stored)).toEqual({ ...stored, badge: true });
    expect(settingsOf(stored).badge).toBe(true);
    expect(settingsOf({ ...stored, badge: false }).badge).toBe(false);
    expect(settingsOf(undefined).badge).toBe(true);
  });
});
