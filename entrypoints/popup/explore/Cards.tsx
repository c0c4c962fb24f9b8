import { Avatar } from '@/components/Avatar';
import { Sentence } from '@/components/Sentence';
import { sentenceMarkers } from '@/components/sentence-markers';
import type { ProjectCard, StudioCard, UserCard } from '@/lib/explore/explore-model';
import { plural, t } from '@/lib/i18n';
import { absoluteImageUrl, siteLinks } from '../site-links';
import { useViewLink } from './navigation';

/** A member's name that opens their view in the popup (their profile on the site with a modified click). */
export function UserLink({ username, class: className }: { username: string; class?: string }) {
  const onClick = useViewLink({ detail: 'user', username });
  return (
    <a href={siteLinks.user(username)} target="_blank" rel="noreferrer" class={className} onClick={onClick}>
      <bdi>{username}</bdi>
    </a>
  );
}

/** A project as the site's thumbnails show it; the card opens the project's view. */
export function ProjectCardView({ card }: { card: ProjectCard }) {
  const onClick = useViewLink({ detail: 'project', id: card.id });
  return (
    <li class="x-card" data-testid="project-card" data-project-id={String(card.id)}>
      <a
        href={siteLinks.project(card.id)}
        target="_blank"
        rel="noreferrer"
        class="x-card-link"
        onClick={onClick}
      >
        <img
          class="x-thumb"
          src={absoluteImageUrl(card.thumbnailUrl)}
          alt=""
          width={144}
          height={108}
          loading="lazy"
          decoding="async"
        />
        <span class="x-card-title">
          <bdi>{card.title}</bdi>
        </span>
      </a>
      {card.author !== '' && (
        <span class="x-card-sub">
          <Sentence
            message={t('explore.byAuthor', sentenceMarkers(1))}
            parts={[<UserLink key="a" username={card.author} />]}
          />
        </span>
      )}
      {card.loves !== undefined && (
        <span class="x-card-stat" title={plural('explore.stats.loves', card.loves)}>
          <span aria-hidden="true">♥ </span>
          <span class="visually-hidden">{plural('explore.stats.loves', card.loves)}</span>
          <span aria-hidden="true">{compact(card.loves)}</span>
        </span>
      )}
    </li>
  );
}

export function StudioCardView({ card }: { card: StudioCard }) {
  const onClick = useViewLink({ detail: 'studio', id: card.id });
  return (
    <li class="x-card x-studio" data-testid="studio-card" data-studio-id={String(card.id)}>
      <a
        href={siteLinks.studio(card.id)}
        target="_blank"
        rel="noreferrer"
        class="x-card-link"
        onClick={onClick}
      >
        <img
          class="x-thumb"
          src={absoluteImageUrl(card.thumbnailUrl)}
          alt=""
          width={170}
          height={100}
          loading="lazy"
          decoding="async"
        />
        <span class="x-card-title">
          <bdi>{card.title}</bdi>
        </span>
      </a>
      {card.followers !== undefined && (
        <span class="x-card-sub">{plural('explore.stats.followers', card.followers)}</span>
      )}
    </li>
  );
}

export function UserCardView({ card }: { card: UserCard }) {
  const onClick = useViewLink({ detail: 'user', username: card.username });
  return (
    <li class="x-user" data-testid="user-card" data-username={card.username}>
      <a href={siteLinks.user(card.username)} target="_blank" rel="noreferrer" onClick={onClick}>
        <Avatar src={absoluteImageUrl(card.avatarUrl)} name={card.username} size={40} />
        <bdi class="x-user-name">{card.username}</bdi>
      </a>
    </li>
  );
}

/** 1.2k, 35k: numbers on cards are read at a glance (the exact one is in the title). */
export function compact(value: number): string {
  try {
    return new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  } catch {
    return String(value);
  }
}
