/**
 * The project-status handlers on the fake browser: who may ask, who may report, and that nothing
 * a page sends makes the background do more than read statuses under its share.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { siteProfiles } from '@/lib/config';
import { currentMember, projectStatus } from '@/lib/project-status/project-status-lookup-model';
import { projectStatusesItem, projectStatusSettingsItem } from '@/lib/project-status/project-status-storage';
import { fakeInstallType } from '@/tests/unit/fake-browser-gaps';
import { EVERY_TEST_SWITCH } from '@/tests/unit/test-switches';
import { registerProjectStatus } from './project-status-background';

type Handler = (message: { data: unknown; sender: unknown }) => unknown;
const handlers = new Map<string, Handler>();
vi.mock('@/lib/protocol/messaging', () => ({
  onMessage: (name: string, handler: Handler) => handlers.set(name, handler),
}));

const profile = siteProfiles.public;
const siteTab = (path: string, id = 7) => ({
  id: fakeBrowser.runtime.id,
  url: `https://scratch.mit.edu${path}`,
  tab: { id, index: 0, url: `https://scratch.mit.edu${path}` },
});
const popup = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') });
const elsewhere = () => ({
  id: fakeBrowser.runtime.id,
  url: 'https://evil.example/projects/5/',
  tab: { id: 9, index: 0, url: 'https://evil.example/projects/5/' },
});

function setup(user: string | null = 'demo', register = registerProjectStatus) {
  handlers.clear();
  const reads: string[] = [];
  const service = register({
    profile,
    readLove: async (id) => {
      reads.push(`love ${id}`);
      return id % 2 === 0;
    },
    readFavorite: async (id) => {
      reads.push(`favorite ${id}`);
      return false;
    },
    readFavoritesPage: async (_u, offset) => {
      reads.push(`favorites ${offset}`);
      return { ids: [4], received: 1 };
    },
    signedInUser: async () => user,
    onSessionChanged: () => undefined,
  });
  const send = async (name: string, data: unknown, sender: unknown) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no handler for ${name}`);
    return handler({ data, sender });
  };
  const status = async (id: number) =>
    projectStatus(currentMember(await projectStatusesItem.getValue()), id, Date.now());
  return { service, reads, send, status };
}

/** Lets the session read at start and the storage writes settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('project-status handlers', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('reads what a site tab or the popup asks for, under the share', async () => {
    const { service, reads, send, status } = setup();
    await settle();
    await send('getProjectStatuses', { ids: [2, 3] }, siteTab('/explore/projects/all/'));
    await send('getProjectStatuses', { ids: [8] }, popup());
    await service.idle();
    expect(reads.sort()).toEqual(['favorites 0', 'love 2', 'love 3', 'love 8']);
    expect(await status(2)).toMatchObject({ loved: true, favorited: false });
  });

  it('refuses senders that are not this extension in a site tab or its own pages', async () => {
    const { send, reads } = setup();
    await settle();
    await expect(send('getProjectStatuses', { ids: [2] }, elsewhere())).rejects.toThrow(/Untrusted/);
    await expect(
      send('getProjectStatuses', { ids: [2] }, { ...popup(), id: 'another-extension' }),
    ).rejects.toThrow(/Untrusted/);
    expect(reads).toEqual([]);
  });

  it('takes a report only from the page of that very project, and it never reads or writes the service', async () => {
    const { service, send, reads, status } = setup();
    await settle();
    await send('reportProjectStatus', { projectId: 5, loved: true }, siteTab('/projects/5/'));
    await service.idle();
    expect(await status(5)).toMatchObject({ loved: true });
    await expect(
      send('reportProjectStatus', { projectId: 6, loved: true }, siteTab('/projects/5/')),
    ).rejects.toThrow();
    await expect(send('reportProjectStatus', { projectId: 5, loved: false }, popup())).rejects.toThrow();
    await expect(
      send('reportProjectStatus', { projectId: 5, loved: false }, siteTab('/explore/projects/all/')),
    ).rejects.toThrow();
    await expect(send('reportProjectStatus', { projectId: 5, loved: false }, elsewhere())).rejects.toThrow();
    expect(await status(5)).toMatchObject({ loved: true });
    expect(reads).toEqual([]);
  });

  it('reads nothing with the marks turned off, or signed out', async () => {
    const on = setup();
    await settle();
    await projectStatusSettingsItem.setValue({ marks: false });
    await on.send('getProjectStatuses', { ids: [2] }, siteTab('/'));
    await on.service.idle();
    expect(on.reads).toEqual([]);

    fakeBrowser.reset();
    const out = setup(null);
    await settle();
    await out.send('getProjectStatuses', { ids: [2] }, siteTab('/'));
    await out.send('reportProjectStatus', { projectId: 5, loved: true }, siteTab('/projects/5/'));
    await out.service.idle();
    expect(out.reads).toEqual([]);
    expect(await out.status(5)).toMatchObject({ loved: undefined });
  });

  it('drops a tab’s waiting reads when it says they left view', async () => {
    const { service, send } = setup();
    await settle();
    await send('projectsLeftView', { ids: [1] }, siteTab('/'));
    expect(service.queued()).toEqual([]);
  });

  it('reads 3 a second in a store install, whatever storage holds; up to 5 tuned in a development install', async () => {
    const ids = [11, 12, 13, 14, 15, 16, 17, 18];
    // Within the first second: the favorites' first page and love reads, as many as the share has.
    // A new background each time, of this install type (a background asks its type once).
    const readsInFirstSecond = async (
      installType: 'normal' | 'development',
      stored: Record<string, unknown>,
    ) => {
      fakeBrowser.reset();
      await fakeBrowser.storage.local.set(stored);
      vi.resetModules();
      fakeInstallType(installType);
      const { registerProjectStatus: register } = await import('./project-status-background');
      const { send, reads } = setup('demo', register);
      await settle();
      await send('getProjectStatuses', { ids }, siteTab('/explore/projects/all/'));
      await new Promise((resolve) => setTimeout(resolve, 400));
      return reads.length;
    };
    expect(await readsInFirstSecond('normal', {})).toBe(3);
    expect(await readsInFirstSecond('normal', EVERY_TEST_SWITCH)).toBe(3);
    expect(await readsInFirstSecond('development', {})).toBe(3);
    expect(await readsInFirstSecond('development', { devTuning: { marksReadsPerSecond: 5 } })).toBe(5);
    // Clamped to the client-wide 5 (lib/dev-tuning.ts).
    expect(await readsInFirstSecond('development', { devTuning: { marksReadsPerSecond: 50 } })).toBe(5);
  });
});
