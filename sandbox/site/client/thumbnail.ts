/**
 * The scratch-www thumbnail component (`div.thumbnail.project` / `div.thumbnail.gallery`) and
 * adapters from the REST objects that feed it.
 */
import { formatCount, h, projectPath, studioPath, userPath } from './dom.js';
import { avatar, projectThumbnail, safeImageUrl } from './net.js';

export interface ThumbnailData {
  kind: 'project' | 'gallery';
  id: number;
  title: string;
  image: string;
  creator?: { username: string; id?: number };
  stats?: { loves?: number; favorites?: number; remixes?: number; views?: number };
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export function fromProject(project: unknown): ThumbnailData {
  const p = record(project);
  const author = record(p.author);
  const stats = record(p.stats);
  const id = Number(p.id);
  return {
    kind: 'project',
    id,
    title: text(p.title),
    image: projectThumbnail(id),
    creator: text(author.username) ? { username: text(author.username), id: num(author.id) } : undefined,
    stats: {
      loves: num(stats.loves),
      favorites: num(stats.favorites),
      remixes: num(stats.remixes),
      views: num(stats.views),
    },
  };
}

export function fromStudio(studio: unknown): ThumbnailData {
  const s = record(studio);
  const id = Number(s.id);
  return { kind: 'gallery', id, title: text(s.title), image: safeImageUrl(s.image, projectThumbnail(0)) };
}

/** Items of `/proxy/featured`: projects, or studios when `type` is "gallery". */
export function fromProxyItem(item: unknown): ThumbnailData {
  const i = record(item);
  const id = Number(i.id ?? i.gallery_id);
  if (i.type === 'gallery') {
    return {
      kind: 'gallery',
      id,
      title: text(i.title),
      image: safeImageUrl(i.thumbnail_url, projectThumbnail(0)),
    };
  }
  return {
    kind: 'project',
    id,
    title: text(i.title),
    image: projectThumbnail(id),
    creator: text(i.creator) ? { username: text(i.creator) } : undefined,
    stats: { loves: num(i.love_count), remixes: num(i.remixers_count) },
  };
}

function stat(
  name: 'loves' | 'favorites' | 'remixes' | 'views',
  value: number | undefined,
): HTMLElement | null {
  return value === undefined
    ? null
    : h('div', { class: `thumbnail-${name}`, title: `${value} ${name}` }, formatCount(value));
}

export function thumbnail(data: ThumbnailData, options: { showStats?: boolean } = {}): HTMLDivElement {
  const href = data.kind === 'project' ? projectPath(data.id) : studioPath(data.id);
  const creator = data.creator;
  const stats = options.showStats ? data.stats : undefined;
  return h(
    'div',
    { class: `thumbnail ${data.kind}` },
    h('a', { class: 'thumbnail-image', href }, h('img', { src: data.image, alt: '', loading: 'lazy' })),
    h(
      'div',
      { class: 'thumbnail-info' },
      creator?.id !== undefined &&
        h(
          'a',
          { class: 'creator-image', href: userPath(creator.username) },
          h(
            'div',
            { class: 'avatar-wrapper' },
            h('img', { class: 'avatar', src: avatar(creator.id), alt: '' }),
          ),
        ),
      // As in scratch-www, the creator line sits inside the title block, under the title link.
      h(
        'div',
        { class: 'thumbnail-title' },
        h('a', { href, title: data.title }, data.title),
        creator &&
          h(
            'div',
            { class: 'thumbnail-creator' },
            h('a', { href: userPath(creator.username) }, creator.username),
          ),
      ),
    ),
    stats && stat('loves', stats.loves),
    stats && stat('favorites', stats.favorites),
    stats && stat('remixes', stats.remixes),
    stats && stat('views', stats.views),
  );
}
