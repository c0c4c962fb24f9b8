// @vitest-environment happy-dom
/**
 * The team's alerts and the invitation in the Messages tab: each alert's words and site links only
 * (its script, its picture and its other link do nothing and show nothing but words), the markers of
 * the contract, and a dismissal that asks the background and says so when it fails.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamAlerts as Alerts } from '@/lib/messages/messages-model';
import { WAIT } from '@/tests/unit/wait';
import { siteOrigins } from './links';
import { TeamAlerts } from './TeamAlerts';

const sent: unknown[] = [];
let answer: unknown = { ok: true };
vi.mock('../background-messages', () => ({
  sendMessage: async (type: string, data: unknown) => {
    sent.push({ type, data });
    return answer;
  },
}));

afterEach(() => {
  sent.length = 0;
  answer = { ok: true };
  delete (globalThis as { ran?: unknown }).ran;
});

const member = { id: 1, username: 'demo', avatarUrl: '' };
const alerts: Alerts = {
  items: [
    {
      id: 22,
      datetime_created: '2026-11-20T07:00:00.000Z',
      message:
        'Your account is safe. <a href="https://example.com/claim">Claim your prize</a><script>globalThis.ran=1</script><img src="x" onerror="globalThis.ran=2">',
    },
    {
      id: 21,
      datetime_created: '2026-11-19T07:00:00.000Z',
      message: 'Please read the <a href="/community_guidelines/">Community Guidelines</a>.',
    },
  ],
  invite: { id: 5, datetime_created: '2026-11-18T07:00:00.000Z' },
  readAt: 1,
  error: null,
};

function show() {
  const root = document.createElement('div');
  document.body.append(root);
  render(<TeamAlerts member={member} alerts={alerts} origins={siteOrigins()} />, root);
  return root;
}

describe('the team’s alerts', () => {
  it('show each alert’s words and links to the site only; the invitation first', () => {
    const root = show();
    const rows = [...root.querySelectorAll('li')];
    expect(rows.map((row) => row.dataset.testid)).toEqual(['scratcher-invite', 'team-alert', 'team-alert']);
    expect(rows.slice(1).map((row) => row.dataset.alertId)).toEqual(['22', '21']);
    const hostile = rows[1] as HTMLElement;
    expect(hostile.querySelector('.alert-text')?.textContent).toBe('Your account is safe. Claim your prize');
    expect(hostile.querySelectorAll('.alert-text a, script, img')).toHaveLength(0);
    const links = [...(rows[2] as HTMLElement).querySelectorAll<HTMLAnchorElement>('.alert-text a')];
    expect(links.map((a) => [a.textContent, a.href])).toEqual([
      ['Community Guidelines', 'https://scratch.mit.edu/community_guidelines/'],
    ]);
    expect((rows[0] as HTMLElement).querySelector('a')?.href).toBe(
      'https://scratch.mit.edu/become-a-scratcher',
    );
    expect(root.querySelectorAll('button[data-testid="dismiss-alert"]')).toHaveLength(3);
    expect((globalThis as { ran?: unknown }).ran).toBeUndefined();
    root.remove();
  });

  it('a dismissal asks the background for the member; a failure says so and keeps the row', async () => {
    const root = show();
    const button = root.querySelector<HTMLButtonElement>(
      '[data-alert-id="21"] button[data-testid="dismiss-alert"]',
    ) as HTMLButtonElement;
    answer = { ok: false, kind: 'refused' };
    await act(async () => button.click());
    await vi.waitFor(
      () => expect(root.querySelector('[data-testid="dismiss-alert-error"]')).not.toBeNull(),
      WAIT,
    );
    expect(sent).toEqual([
      { type: 'dismissTeamAlert', data: { member: 'demo', kind: 'notification', id: 21 } },
    ]);
    expect(button.disabled).toBe(false);
    const invite = root.querySelector<HTMLButtonElement>(
      '[data-testid="scratcher-invite"] button[data-testid="dismiss-alert"]',
    ) as HTMLButtonElement;
    answer = { ok: true };
    await act(async () => invite.click());
    expect(sent.at(-1)).toEqual({
      type: 'dismissTeamAlert',
      data: { member: 'demo', kind: 'invite', id: 5 },
    });
    root.remove();
  });
});
