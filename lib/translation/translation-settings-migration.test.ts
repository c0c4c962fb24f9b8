/**
 * `sync:translationSettings` version 1 → 2 (the Translate buttons as a setting): a
 * member's stored choices are kept and the buttons arrive on, as version 1 always showed them;
 * content scripts, which read the raw key, count missing buttons as on.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type TranslationSettingsV1,
  translationSettingsOf,
  translationSettingsV1ToV2,
} from '@/lib/translation/translation-model';
import { translationSettingsItem } from '@/lib/translation/translation-storage';

const stored: TranslationSettingsV1 = { language: 'fr', readAloud: true, voice: 'male' };

describe('translation settings, version 1 to 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps every stored choice and adds the buttons, on', () => {
    expect(translationSettingsV1ToV2(stored)).toEqual({ ...stored, buttons: true });
  });

  it('migrates the stored item: the old shape reads as the new one, marked version 2', async () => {
    // As version 1 left it: the value, and no version mark (WXT counts a missing mark as 1).
    await fakeBrowser.storage.sync.set({ translationSettings: stored });
    await translationSettingsItem.migrate();
    expect(await translationSettingsItem.getValue()).toEqual({ ...stored, buttons: true });
    expect(await translationSettingsItem.getMeta()).toEqual({ v: 2 });
  });

  it('a member who never changed a setting reads the defaults, buttons on', async () => {
    await translationSettingsItem.migrate();
    expect((await translationSettingsItem.getValue()).buttons).toBe(true);
  });

  it('readers of the raw key count missing buttons as on, and keep a stored off', () => {
    expect(translationSettingsOf(stored)).toEqual({ ...stored, buttons: true });
    expect(translationSettingsOf({ ...stored, buttons: false }).buttons).toBe(false);
    expect(translationSettingsOf(undefined).buttons).toBe(true);
  });
});
