// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { h } from './dom';
import { activitySentence, messageClasses, messageSentence } from './sentences';

const render = (parts: ReturnType<typeof activitySentence>) => h('li', null, ...parts);
const payload = '<img src=x onerror="alert(1)">';

describe('activity sentences (What’s Happening?)', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 'followuser', followed_username: 'bob' }, 'alice is now following bob'],
    [{ type: 'followstudio', gallery_id: 5, title: 'S' }, 'alice is now following the studio S'],
    [{ type: 'loveproject', project_id: 1, title: 'P' }, 'alice loved P'],
    [{ type: 'favoriteproject', project_id: 1, project_title: 'P' }, 'alice favorited P'],
    [
      { type: 'remixproject', project_id: 2, title: 'R', parent_id: 1, parent_title: 'P' },
      'alice remixed P as R',
    ],
    [{ type: 'becomecurator', gallery_id: 5, title: 'S' }, 'alice became a curator of S'],
    [
      { type: 'becomeownerstudio', gallery_id: 5, gallery_title: 'S', recipient_username: 'carol' },
      'carol was promoted to manager of S',
    ],
    [{ type: 'shareproject', project_id: 1, title: 'P' }, 'alice shared the project P'],
    [
      { type: 'addprojecttostudio', project_id: 1, project_title: 'P', gallery_id: 5, gallery_title: 'S' },
      'alice added P to the studio S',
    ],
    [{ type: 'somethingnew' }, 'alice did something new'],
  ];
  for (const [event, sentence] of cases) {
    it(`${event.type}: "${sentence}"`, () => {
      expect(render(activitySentence({ actor_username: 'alice', ...event })).textContent).toBe(sentence);
    });
  }

  it('links the actor and the project, and keeps a markup title as text', () => {
    const li = render(
      activitySentence({ type: 'loveproject', actor_username: 'alice', project_id: 7, title: payload }),
    );
    expect(li.querySelector('a[href="/users/alice/"]')?.textContent).toBe('alice');
    expect(li.querySelector('a[href="/projects/7/"]')?.textContent).toBe(payload);
    expect(li.querySelector('img')).toBeNull();
  });
});

describe('message lines', () => {
  it('decodes the escaped comment fragment to text', () => {
    const li = render(
      messageSentence(
        {
          type: 'addcomment',
          actor_username: 'bob',
          comment_type: 0,
          comment_obj_id: 3,
          comment_obj_title: 'P',
          comment_id: 9,
          comment_fragment: '&lt;b&gt;hi&lt;/b&gt; &amp; bye',
        },
        'demo',
      ),
    );
    expect(li.textContent).toBe('bob commented on your project P"<b>hi</b> & bye"');
    expect(li.querySelector('a[href="/projects/3/#comments-9"]')).not.toBeNull();
    expect(li.querySelector('b')).toBeNull();
  });

  it('unknown types get a generic line and a class made only of safe characters', () => {
    expect(render(messageSentence({ type: 'brandnew', actor_username: 'bob' }, 'demo')).textContent).toBe(
      'You have a new notification from bob',
    );
    expect(messageClasses('loveproject')).toEqual(['mod-loveproject', 'mod-love-project']);
    expect(messageClasses('x" onclick="y')).toEqual(['mod-xonclicky']);
  });
});
