/**
 * A mix of messages that the Messages tab groups, added for a member through the control interface
 * (the seed's own messages cycle through every type and rarely repeat a project, a studio or a
 * topic): follows from several people, loves and favorites of one of the member's projects, activity
 * in one studio on several days and posts in one forum topic, interleaved as they would arrive.
 * Every one of them is unread and newer than what the member had.
 */
import type { Message, Project, Studio } from './model';
import type { Store } from './store';

/** The forum topic of the mix's posts: a word no seeded text holds, so a search finds these only. */
export const MIX_TOPIC = { id: 4_242_424, title: 'Zyxlophone club: show your builds' } as const;

/** How many of each kind the mix holds (30 in all). */
export const MIX_SIZES = {
  followuser: 8,
  loveproject: 6,
  favoriteproject: 4,
  studioactivity: 7,
  forumpost: 5,
} as const;

export interface MessageMix {
  /** Newest first, as the member's list has them. */
  messages: Message[];
  /** The member's project loved and favorited. */
  project: Project;
  /** The studio of the activity: one whose title is plain words, easy to type and to read. */
  studio: Studio;
  topic: typeof MIX_TOPIC;
}

export function addMessageMix(store: Store, username: string): MessageMix {
  const member = store.getUser(username);
  if (!member) throw new Error(`no user ${username}`);
  const project = store.sharedProjectsOf(member.id)[0] ?? store.projects()[0];
  const studio = store.studios().find((s) => /^[A-Za-z][A-Za-z0-9 ]{2,30}$/.test(s.title));
  if (!project || !studio) throw new Error('the world has no project or no studio with a plain title');
  // People other than the member, the same ones at each call: the follows and loves come from them.
  const people = store
    .users()
    .filter((user) => user.id !== member.id && /^[A-Za-z][A-Za-z0-9_]{2,19}$/.test(user.username))
    .slice(0, 12)
    .map((user) => user.username);
  const person = (index: number) => people[index % people.length] as string;
  const counts = { followuser: 0, loveproject: 0, favoriteproject: 0, studioactivity: 0, forumpost: 0 };
  const made: Record<keyof typeof MIX_SIZES, () => Parameters<Store['addMessage']>[1]> = {
    followuser: () => ({ type: 'followuser', actor: person(counts.followuser) }),
    loveproject: () => ({
      type: 'loveproject',
      actor: person(counts.loveproject + 3),
      fields: { project_id: project.id, title: project.title },
    }),
    favoriteproject: () => ({
      type: 'favoriteproject',
      actor: person(counts.favoriteproject + 7),
      fields: { project_id: project.id, project_title: project.title },
    }),
    studioactivity: () => ({
      type: 'studioactivity',
      fields: { gallery_id: studio.id, title: studio.title },
    }),
    forumpost: () => ({
      type: 'forumpost',
      actor: person(counts.forumpost + 2),
      fields: { topic_id: MIX_TOPIC.id, topic_title: MIX_TOPIC.title },
    }),
  };
  const kinds = Object.keys(MIX_SIZES) as (keyof typeof MIX_SIZES)[];
  const messages: Message[] = [];
  // Round robin over the kinds until each has its number: the groups' messages are interleaved.
  while (kinds.some((kind) => counts[kind] < MIX_SIZES[kind])) {
    for (const kind of kinds) {
      if (counts[kind] >= MIX_SIZES[kind]) continue;
      messages.push(store.addMessage(username, made[kind]()));
      counts[kind]++;
    }
  }
  return { messages: messages.reverse(), project, studio, topic: MIX_TOPIC };
}
