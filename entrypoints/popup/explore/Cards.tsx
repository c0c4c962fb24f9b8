import { Avatar } from '@/components/Avatar';
import { ProjectCard as ProjectCardBase } from '@/components/ProjectCard';
import { Sentence } from '@/components/Sentence';
import { sentenceMarkers } from '@/components/sentence-markers';
import type { ProjectCard, StudioCard, UserCard } from '@/lib/explore/explore-model';
import { plural, t } from '@/lib/i18n';
import { siteLinks } from '../site-links';
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
  const onOpen = useViewLink({ detail: 'project', id: card.id });
  return (
    <ProjectCardBase
      id={card.id}
      title={card.title}
      thumbnailUrl={card.thumbnailUrl}
      href={siteLinks.project(card.id)}
      onOpen={onOpen}
    >
      {card.author !== '' && (
        <span class="card-sub">
          <Sentence
            message={t('explore.byAuthor', sentenceMarkers(1))}
            parts={[<UserLink key="a" username={card.author} />]}
          />
        </span>
      )}
      {card.loves !== undefined && (
        <span class="card-stat" title={plural('explore.stats.loves', card.loves)}>
          <span aria-hidden="true">♥ </span>
          <span class="visually-hidden">{plural('explore.stats.loves', card.loves)}</span>
          <span aria-hidden="true">{compact(card.loves)}</span>
        </span>
      )}
    </ProjectCardBase>
  );
}

export function StudioCardView({ card }: { card: StudioCard }) {
  const onOpen = useViewLink({ detail: 'studio', id: card.id });
  return (
    <ProjectCardBase
      kind="studio"
      id={card.id}
      title={card.title}
      thumbnailUrl={card.thumbnailUrl}
      href={siteLinks.studio(card.id)}
      onOpen={onOpen}
    >
      {card.followers !== undefined && (
        <span class="card-sub">{plural('explore.stats.followers', card.followers)}</span>
      )}
    </ProjectCardBase>
  );
}

export function UserCardView({ card }: { card: UserCard }) {
  const onClick = useViewLink({ detail: 'user', username: card.username });
  return (
    <li class="x-user" data-testid="user-card" data-username={card.username}>
      <a href={siteLinks.user(card.username)} target="_blank" rel="noreferrer" onClick={onClick}>
        <Avatar src={card.avatarUrl} name={card.username} size={40} />
        <bdi class="x-user-name">{card.username}</bdi>
      </a>
    </li>
  );
}

/** Built once: a formatter is costly to build, and the home's cards show hundreds of numbers. */
let compactFormat: Intl.NumberFormat | null | undefined;

/** 1.2k, 35k: numbers on cards are read at a glance (the exact one is in the title). */
export function compact(value: number): string {
  if (compactFormat === undefined) {
    try {
      compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
    } catch {
      compactFormat = null;
    }
  }
  return compactFormat === null ? String(value) : compactFormat.format(value);
}
