/** The control interface's mix of messages the Messages tab groups: what it adds, and to whom. */
import { describe, expect, it } from 'vitest';
import { addMessageMix, MIX_SIZES, MIX_TOPIC } from './message-mix';
import { DEMO_USERNAME } from './seed';
import { Store } from './store';

describe('the message mix', () => {
  it('adds 30 unread messages: follows, a project’s loves and favorites, a studio’s activity, a topic’s posts', () => {
    const store = new Store();
    const before = store.unreadCount(DEMO_USERNAME);
    const demo = store.getUser(DEMO_USERNAME);
    const mix = addMessageMix(store, DEMO_USERNAME);
    expect(mix.messages).toHaveLength(30);
    expect(store.unreadCount(DEMO_USERNAME)).toBe(before + 30);
    // The newest of the member's list, newest first.
    expect(store.messagesFor(DEMO_USERNAME).slice(0, 30)).toEqual(mix.messages);
    const ofType = (type: string) => mix.messages.filter((m) => m.type === type);
    for (const [type, size] of Object.entries(MIX_SIZES)) expect(ofType(type), type).toHaveLength(size);
    expect(mix.project.authorId).toBe(demo?.id);
    for (const m of [...ofType('loveproject'), ...ofType('favoriteproject')])
      expect(m.fields.project_id).toBe(mix.project.id);
    for (const m of ofType('studioactivity')) expect(m.fields.gallery_id).toBe(mix.studio.id);
    for (const m of ofType('forumpost')) expect(m.fields.topic_id).toBe(MIX_TOPIC.id);
    // Several people each: the rows name two and count the others.
    const actors = (type: string) => new Set(ofType(type).map((m) => m.actorId));
    expect(actors('followuser').size).toBe(MIX_SIZES.followuser);
    expect(actors('loveproject').size).toBe(MIX_SIZES.loveproject);
    expect(actors('followuser').has(demo?.id ?? -1)).toBe(false);
    // Interleaved: no kind's messages arrive one after another, all at once.
    for (const type of Object.keys(MIX_SIZES)) {
      const at = mix.messages.flatMap((m, index) => (m.type === type ? [index] : []));
      expect((at.at(-1) ?? 0) - (at[0] ?? 0) + 1, type).toBeGreaterThan(at.length);
    }
  });

  it('refuses a user who does not exist', () => {
    expect(() => addMessageMix(new Store(), 'nobody-at-all')).toThrow(/no user/);
  });
});
