/**
 * `sync:feedSettings` version 1 → 2 ("hide projects I already loved"): a member's stored
 * filters keep every choice and gain the new filter, off.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type FeedSettingsV1, feedSettingsV1ToV2 } from '@/lib/feed/feed-model';
import { feedSettingsItem } from '@/lib/feed/feed-storage';

const stored: FeedSettingsV1 = {
  kinds: { follows: false, loves: true, favorites: false, remixes: true, shares: true, studios: false },
  newProjectNotifications: true,
};

describe('feed settings, version 1 to 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every stored choice and adds hideLoved, off', () => {
    expect(feedSettingsV1ToV2(stored)).toEqual({ ...stored, hideLoved: false });
  });

  it('migrates the stored item: the old shape reads as the new one, marked version 2', async () => {
    // As version 1 left it: the value, and no version mark (WXT counts a missing mark as 1).
    await fakeBrowser.storage.sync.set({ feedSettings: stored });
    await feedSettingsItem.migrate();
    expect(await feedSettingsItem.getValue()).toEqual({ ...stored, hideLoved: false });
    expect(await feedSettingsItem.getMeta()).toEqual({ v: 2 });
  });

  it('a member who never changed a filter reads the defaults, hideLoved off', async () => {
    await feedSettingsItem.migrate();
    expect((await feedSettingsItem.getValue()).hideLoved).toBe(false);
  });
});
