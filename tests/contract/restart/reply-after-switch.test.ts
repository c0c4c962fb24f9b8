/**
 * Replies and deletes name the member they were written for (the username the popup showed): once
 * another member signed in, the background refuses them, sends nothing, and the draft stays. The
 * conversation is one the new member has open too (a comment on alice's project): only the name
 * tells that the draft and the delete were demo's.
 */
import { afterAll, expect, it } from 'vitest';
import { threadKey } from '@/lib/messages/messages-model';
import { messageDraftsItem } from '@/lib/messages/messages-storage';
import { draftKey, withDraft } from '@/lib/messages/replies-model';
import { type FakeBackground, profile, senders, startFakeBackground } from '../fake-background';

let bg: FakeBackground | undefined;
afterAll(async () => {
  await bg?.close();
});

const firstId = async (url: string) => ((await (await fetch(url)).json()) as { id: number }[])[0]?.id ?? 0;

it('refuses a reply and a delete written for demo once alice signed in: nothing sent, the draft kept', async () => {
  bg = await startFakeBackground();
  const projectId = await firstId(`${profile.api}/users/alice/projects?limit=1`);
  const commentId = await firstId(`${profile.api}/users/alice/projects/${projectId}/comments?limit=1`);
  const thread = { kind: 'project', objectId: projectId, commentId } as const;

  await bg.signIn('demo');
  const key = draftKey(threadKey('project', projectId, commentId), commentId);
  const drafts = withDraft({}, 'demo', key, 'for demo only', 1);
  await messageDraftsItem.setValue(drafts);
  await bg.signIn('alice');
  // alice has the same conversation open (on her own project: she may delete any comment in it).
  await bg.send('openMessageThread', thread, senders.extensionPage());
  bg.sandbox.control.clearLog();

  const reply = await bg.send(
    'postReply',
    { member: 'demo', ...thread, repliedId: commentId, text: 'for demo only' },
    senders.extensionPage(),
  );
  const remove = await bg.send(
    'deleteMessageComment',
    { member: 'demo', ...thread, targetId: commentId },
    senders.extensionPage(),
  );

  expect(bg.sandbox.control.requestLog().filter((entry) => entry.method !== 'GET')).toEqual([]);
  expect(reply?.res).toEqual({ ok: false, kind: 'other-member' });
  expect(remove?.res).toEqual({ ok: false, kind: 'other-member' });
  expect(await messageDraftsItem.getValue()).toEqual(drafts);

  // What alice herself sends in that conversation goes out as ever.
  const own = await bg.send(
    'deleteMessageComment',
    { member: 'alice', ...thread, targetId: commentId },
    senders.extensionPage(),
  );
  expect(own?.res).toEqual({ ok: true });
  expect(bg.sandbox.control.requestLog().filter((entry) => entry.method === 'DELETE')).toHaveLength(1);
});
