import type { ComponentChild } from 'preact';
import { Avatar } from '@/components/Avatar';
import { ItemRow, NewMark } from '@/components/ItemRow';
import { RelativeTime } from '@/components/RelativeTime';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { type ActivityEvent, sentTypeOf } from '@/lib/feed/feed-model';
import { type MessageKey, t } from '@/lib/i18n';
import { Bell } from '../Bell';
import { siteLinks } from '../site-links';

const userLink = (username: string) => (
  <SiteLink href={siteLinks.user(username)} text={username} class="user-link" />
);
const projectLink = (id: number, title: string) => <SiteLink href={siteLinks.project(id)} text={title} />;
const studioLink = (id: number, title: string) => <SiteLink href={siteLinks.studio(id)} text={title} />;

type ActivityKey = Extract<MessageKey, `feed.activity.${string}`>;

interface Rendered {
  key: ActivityKey;
  parts: ComponentChild[];
  /** Whose avatar the row shows. */
  person: { username: string; id: number | null };
}

/**
 * The site's sentence for each type (docs/site-reference.md, What's Happening) and its links after the
 * actor's ($1); null for a type this version does not know.
 */
function sentenceOf(event: ActivityEvent): { key: ActivityKey; links: ComponentChild[] } | null {
  switch (event.type) {
    case 'followuser':
      return { key: 'feed.activity.followuser', links: [userLink(event.followed_username)] };
    case 'followstudio':
      return { key: 'feed.activity.followstudio', links: [studioLink(event.gallery_id, event.title)] };
    case 'becomecurator':
      return { key: 'feed.activity.becomecurator', links: [studioLink(event.gallery_id, event.title)] };
    case 'loveproject':
      return { key: 'feed.activity.loveproject', links: [projectLink(event.project_id, event.title)] };
    case 'shareproject':
      return { key: 'feed.activity.shareproject', links: [projectLink(event.project_id, event.title)] };
    case 'favoriteproject':
      return {
        key: 'feed.activity.favoriteproject',
        links: [projectLink(event.project_id, event.project_title)],
      };
    case 'remixproject':
      return {
        key: 'feed.activity.remixproject',
        links: [projectLink(event.parent_id, event.parent_title), projectLink(event.project_id, event.title)],
      };
    case 'addprojecttostudio':
      return {
        key: 'feed.activity.addprojecttostudio',
        links: [
          projectLink(event.project_id, event.project_title),
          studioLink(event.gallery_id, event.gallery_title),
        ],
      };
    default:
      return null;
  }
}

/** The event's sentence with its links, and whose avatar goes beside it. */
function render(event: ActivityEvent): Rendered {
  if (event.type === 'becomeownerstudio') {
    // The site names (and shows the avatar of) the member who was promoted, not who promoted them.
    return {
      key: 'feed.activity.becomeownerstudio',
      parts: [userLink(event.recipient_username), studioLink(event.gallery_id, event.gallery_title)],
      person: { username: event.recipient_username, id: event.recipient_id ?? null },
    };
  }
  const by = userLink(event.actor_username);
  const person = { username: event.actor_username, id: event.actor_id };
  const sentence = sentenceOf(event);
  // A type this version does not know: who and when, never the service's `message` HTML.
  if (sentence === null) return { key: 'feed.activity.other', parts: [by], person };
  return { key: sentence.key, parts: [by, ...sentence.links], person };
}

/** The studio an event names, for its bell (null when it names none). */
function studioOf(event: ActivityEvent): { id: number; title: string } | null {
  switch (event.type) {
    case 'followstudio':
    case 'becomecurator':
      return { id: event.gallery_id, title: event.title };
    case 'becomeownerstudio':
    case 'addprojecttostudio':
      return { id: event.gallery_id, title: event.gallery_title };
    default:
      return null;
  }
}

/** One row of What's Happening: avatar, the sentence with its links, when, and whether it is new. */
export function ActivityItem({ event, isNew }: { event: ActivityEvent; isNew: boolean }) {
  const { key, parts, person } = render(event);
  const studio = studioOf(event);
  return (
    <ItemRow
      class="activity-item"
      isNew={isNew}
      data={{
        'data-testid': 'feed-item',
        'data-type': sentTypeOf(event),
        'data-event-id': String(event.id),
        'data-new': isNew ? 'true' : undefined,
      }}
      avatar={
        <Avatar
          src={person.id === null ? null : siteLinks.avatar(person.id)}
          name={person.username}
          size={32}
        />
      }
    >
      <p class="item-sentence activity-sentence">
        <Sentence message={t(key, sentenceMarkers(parts.length))} parts={parts} />
      </p>
      <p class="activity-meta">
        <RelativeTime time={event.datetime_created} />
        {isNew && <NewMark text={t('feed.newMark')} />}
        <Bell user={person.username} />
        {studio !== null && <Bell studio={studio} />}
      </p>
    </ItemRow>
  );
}
