/**
 * Home page `/`: "What's Happening?" from the activity feed of the people the user follows, and
 * the carousel rows of `/proxy/featured` plus the signed-in user's following rows.
 */
import { carouselRow } from './carousel.js';
import { byId, h, notice, replaceChildren, userPath } from './dom.js';
import { startMessageCount } from './nav.js';
import { apiGet, avatar, type SessionUser, session } from './net.js';
import { activitySentence } from './sentences.js';
import { fromProject, fromProxyItem } from './thumbnail.js';
import { timeAgo } from './time.js';

const FEATURED_TITLES: [string, string][] = [
  ['community_featured_projects', 'Featured Projects'],
  ['community_featured_studios', 'Featured Studios'],
  ['curator_top_projects', 'Projects Curated'],
  ['community_most_remixed_projects', 'What the Community is Remixing'],
  ['community_most_loved_projects', 'What the Community is Loving'],
  ['community_newest_projects', 'Newest Projects'],
];

type Loose = Record<string, unknown>;

async function whatsHappening(me: SessionUser): Promise<HTMLElement> {
  const list = h('ul', { class: 'activity-ul' });
  const box = h(
    'div',
    { class: 'box activity' },
    h('div', { class: 'box-header' }, h('h4', null, 'What’s Happening?')),
    h('div', { class: 'box-content' }, list),
  );
  try {
    const events = await apiGet<Loose[]>(
      `/users/${encodeURIComponent(me.username)}/following/users/activity`,
      { limit: 20 },
    );
    if (!events.length)
      list.append(h('li', { class: 'activity-empty' }, 'Follow some Scratchers to see what they are doing.'));
    for (const event of events) {
      list.append(
        h(
          'li',
          { class: 'activity-li' },
          h(
            'a',
            { href: userPath(String(event.actor_username ?? '')) },
            h('img', { class: 'activity-avatar', src: avatar(String(event.actor_id ?? 0)), alt: '' }),
          ),
          h(
            'div',
            { class: 'activity-content' },
            h('span', { class: 'activity-sentence' }, ...activitySentence(event)),
            h('span', { class: 'stamp' }, timeAgo(event.datetime_created)),
          ),
        ),
      );
    }
  } catch {
    list.append(h('li', { class: 'activity-empty' }, 'The activity feed could not be loaded.'));
  }
  return box;
}

function featuredTitle(key: string, items: Loose[]): string {
  const known = FEATURED_TITLES.find(([name]) => name === key)?.[1];
  if (key === 'curator_top_projects' && typeof items[0]?.curator_name === 'string') {
    return `Projects Curated by ${items[0].curator_name}`;
  }
  if (key.endsWith('_design_studio')) {
    const title = items[0]?.gallery_title;
    return typeof title === 'string' ? `Design Studio - ${title}` : 'Design Studio';
  }
  return known ?? key;
}

async function featuredRows(): Promise<HTMLElement[]> {
  const featured = await apiGet<Record<string, Loose[]>>('/proxy/featured');
  const keys = Object.keys(featured).sort((a, b) => {
    const rank = (key: string) => {
      const index = FEATURED_TITLES.findIndex(([name]) => name === key);
      return index === -1 ? (key.endsWith('_design_studio') ? 3 : 99) : index;
    };
    return rank(a) - rank(b);
  });
  return keys
    .filter((key) => Array.isArray(featured[key]))
    .map((key) => {
      const items = featured[key] ?? [];
      return carouselRow(
        featuredTitle(key, items),
        items.map(fromProxyItem),
        `row-${key.replace(/[^a-z_]/g, '')}`,
      );
    });
}

async function followingRow(me: SessionUser, path: string, title: string): Promise<HTMLElement | null> {
  try {
    const projects = await apiGet<unknown[]>(`/users/${encodeURIComponent(me.username)}/following/${path}`, {
      limit: 20,
    });
    return carouselRow(title, projects.map(fromProject));
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  void startMessageCount();
  const view = byId('view');
  const me = await session();
  replaceChildren(view, notice('Loading…'));
  const [activity, featured, ...following] = await Promise.all([
    me ? whatsHappening(me) : Promise.resolve(null),
    featuredRows().catch(() => [notice('The featured projects could not be loaded.', 'error')]),
    me ? followingRow(me, 'users/projects', 'Projects by Scratchers I’m Following') : null,
    me ? followingRow(me, 'users/loves', 'Projects Loved by Scratchers I’m Following') : null,
    me ? followingRow(me, 'studios/projects', 'Projects in Studios I’m Following') : null,
  ]);
  replaceChildren(
    view,
    me
      ? h(
          'div',
          { class: 'splash-header' },
          activity,
          h(
            'div',
            { class: 'box welcome' },
            h('h4', null, `Welcome back, ${me.username}`),
            h('p', null, 'Create stories, games, and animations. Share with others around the world.'),
          ),
        )
      : h(
          'div',
          { class: 'intro' },
          h('h1', null, 'Create stories, games, and animations'),
          h('p', null, 'Share with others around the world'),
        ),
    h('div', { class: 'inner mod-splash' }, ...featured.slice(0, 2), ...following, ...featured.slice(2)),
  );
}

void main();
