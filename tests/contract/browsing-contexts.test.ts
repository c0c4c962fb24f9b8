/**
 * One member per browsing context, in the real background (fake browser, real sandbox, demo signed
 * in): the protocol's one sender rule (lib/protocol/sender.ts) answers a site tab by the context the browser
 * names for it. A Firefox container's tab (which may be signed in as someone else) gets nothing of
 * the member's and writes nothing into it, but may still translate; a private window's tab gets
 * nothing at all; the member's own tabs (Firefox's default container, Chrome's tabs, which carry no
 * cookieStoreId) work as before. The content script asks `inMemberContext`, answered from the tab.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEMO_USERNAME } from '@/sandbox/index';
import { WAIT } from '@/tests/unit/wait';
import { type FakeBackground, profile, type Sender, startFakeBackground } from './fake-background';
import { protocolMessageNames } from './protocol-names';

/** What uses nothing of the member's: the one list a container's tab may send. */
const MEMBER_FREE = [
  'ping',
  'inMemberContext',
  'getPageTuning',
  'translate',
  'startReading',
  'readingEnded',
  'stopReading',
];

let bg: FakeBackground;
let projectId: number;

/** Our content script on a project page, in a tab of the given context. */
const siteTab = (context: { incognito: boolean; cookieStoreId?: string }, id = 7): Sender => {
  const url = `${profile.site}/projects/${projectId}/`;
  return { id: fakeBrowser.runtime.id, url, tab: { id, index: 0, url, ...context } as Sender['tab'] };
};
const tabs = {
  firefoxDefault: () => siteTab({ incognito: false, cookieStoreId: 'firefox-default' }),
  chrome: () => siteTab({ incognito: false }),
  container: () => siteTab({ incognito: false, cookieStoreId: 'firefox-container-3' }, 8),
  firefoxPrivate: () => siteTab({ incognito: true, cookieStoreId: 'firefox-private' }, 9),
  chromeIncognito: () => siteTab({ incognito: true }, 10),
};

const stored = async (key: string) => (await fakeBrowser.storage.local.get(key))[key];
const lovedByMember = async () => {
  const cache = (await stored('projectStatuses')) as
    | { members: Record<string, { loves: Record<string, { loved: boolean }> }> }
    | undefined;
  return cache?.members[DEMO_USERNAME.toLowerCase()]?.loves[String(projectId)]?.loved;
};

beforeAll(async () => {
  bg = await startFakeBackground();
  await bg.signIn(DEMO_USERNAME);
  const store = bg.sandbox.control.store;
  const demoId = store.getUser(DEMO_USERNAME)?.id ?? 0;
  const project = store.projects().find((p) => p.isShared && !store.isLoved(p.id, demoId));
  if (!project) throw new Error('The seed has no shared project demo has not loved');
  projectId = project.id;
}, 30_000);

afterAll(async () => {
  await bg?.close();
});

describe('one member per browsing context', () => {
  it("answers inMemberContext from the tab: the default container's and Chrome's tabs are the member's", async () => {
    expect((await bg.send('inMemberContext', undefined, tabs.firefoxDefault()))?.res).toBe(true);
    expect((await bg.send('inMemberContext', undefined, tabs.chrome()))?.res).toBe(true);
    expect((await bg.send('inMemberContext', undefined, tabs.container()))?.res).toBe(false);
    for (const tab of [tabs.firefoxPrivate(), tabs.chromeIncognito()])
      expect((await bg.send('inMemberContext', undefined, tab))?.err?.message).toBe('Untrusted sender');
  });

  it("refuses a container's tab every message of the member's state, reads and writes, before any handler", async () => {
    const taken: string[] = [];
    for (const type of protocolMessageNames()) {
      const answer = await bg.send(type, undefined, tabs.container());
      expect(answer, type).not.toBeNull();
      if (answer?.err?.message !== 'Untrusted sender') taken.push(type);
    }
    expect(taken.sort()).toEqual([...MEMBER_FREE].sort());
  });

  it("keeps a container's readings and love clicks out of the member's state, and its answers free of it", async () => {
    // The member's own tab shows the project: its love state is read (not loved).
    await bg.send('getProjectStatuses', { ids: [projectId] }, tabs.firefoxDefault());
    await vi.waitFor(async () => expect(await lovedByMember()).toBe(false), WAIT);
    const countBefore = await stored('messageCount');
    const reading = await bg.send('reportMessageCount', { count: 4321 }, tabs.container());
    expect(reading?.err?.message).toBe('Untrusted sender');
    const love = await bg.send('reportProjectStatus', { projectId, loved: true }, tabs.container());
    expect(love?.err?.message).toBe('Untrusted sender');
    const who = await bg.send('whoami', undefined, tabs.container());
    expect(who?.res).toBeUndefined();
    expect(JSON.stringify(who)).not.toContain(DEMO_USERNAME);
    expect(await stored('messageCount')).toEqual(countBefore);
    expect(await lovedByMember()).toBe(false);

    // The member's own tab: the same love click is taken (the check above is not vacuous).
    const own = await bg.send('reportProjectStatus', { projectId, loved: true }, tabs.firefoxDefault());
    expect(own?.err).toBeUndefined();
    await vi.waitFor(async () => expect(await lovedByMember()).toBe(true), WAIT);
  });

  it("translates for a container's tab (nothing of the member's in it), never for a private window's", async () => {
    const text = 'Bonjour tout le monde';
    const translated = await bg.send('translate', { text, language: 'en' }, tabs.container());
    expect(translated?.err).toBeUndefined();
    expect(translated?.res).toMatchObject({ text: expect.any(String) });
    for (const tab of [tabs.firefoxPrivate(), tabs.chromeIncognito()]) {
      for (const type of protocolMessageNames()) {
        const answer = await bg.send(type, type === 'translate' ? { text, language: 'en' } : undefined, tab);
        expect(answer?.err?.message, type).toBe('Untrusted sender');
      }
    }
  });
});
