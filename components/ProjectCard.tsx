import type { ComponentChildren } from 'preact';
import { SiteImage } from './SiteImage';
import './ProjectCard.css';

/** The thumbnail's size as the site serves it, per kind (its aspect ratio is set in the stylesheet). */
const THUMBNAIL = { project: { width: 160, height: 120 }, studio: { width: 170, height: 100 } } as const;

/**
 * A project (or a studio) as the site's thumbnails show it: the picture and the title, one link to
 * its page (`onOpen` may open it inside the popup instead); below them `children` (who made it, a
 * count). `mark` sits in the picture's corner (loved, favorited). The link also has the classes
 * `project-title` and `x-card-link`: the end-to-end tests of the feed and of Explore find it by them.
 */
export function ProjectCard(props: {
  kind?: 'project' | 'studio';
  id: number;
  title: string;
  /** As the service sent it (shown only from the site's image hosts). */
  thumbnailUrl: string;
  href: string;
  onOpen?: (event: MouseEvent) => void;
  mark?: ComponentChildren;
  children?: ComponentChildren;
}) {
  const kind = props.kind ?? 'project';
  const { width, height } = THUMBNAIL[kind];
  return (
    <li
      class={kind === 'studio' ? 'card card-studio' : 'card'}
      data-testid={`${kind}-card`}
      {...{ [`data-${kind}-id`]: String(props.id) }}
    >
      {props.mark}
      <a
        href={props.href}
        target="_blank"
        rel="noreferrer"
        class="card-link project-title x-card-link"
        onClick={props.onOpen}
      >
        <SiteImage class="card-thumb" src={props.thumbnailUrl} width={width} height={height} lazy />
        <span class="card-title">
          <bdi>{props.title}</bdi>
        </span>
      </a>
      {props.children}
    </li>
  );
}
