/**
 * The service's objects as the explore views show them: only what the popup needs, image URLs made
 * absolute (the service sends some protocol-relative), text as text. Pure (the background maps each
 * answer once; the popup never sees a raw response).
 */
import type { Comment, Featured, Project, ProxyProjectItem, Studio, User } from '@/lib/api/schemas';
import type {
  CommentItem,
  FeaturedRow,
  ProjectCard,
  ProjectDetail,
  StudioCard,
  StudioDetail,
  UserCard,
  UserDetail,
} from './explore-model';

/** Where images live when an object names none: the profile's uploads host. */
export interface ImageHosts {
  /** The site (resolves protocol-relative URLs to its scheme). */
  site: string;
  uploads: string;
}

/** An http(s) URL, protocol-relative ones resolved against the site; anything else is null. */
export function imageUrl(candidate: string | null | undefined, hosts: ImageHosts): string | null {
  if (candidate === undefined || candidate === null || candidate === '') return null;
  try {
    const url = new URL(candidate, hosts.site);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const projectThumbnail = (id: number, hosts: ImageHosts) => `${hosts.uploads}/projects/thumbnails/${id}.png`;
const studioThumbnail = (id: number, hosts: ImageHosts) =>
  `${hosts.uploads}/get_image/gallery/${id}_170x100.png`;
const avatar = (id: number, hosts: ImageHosts) => `${hosts.uploads}/users/avatars/${id}.png`;

export function toProjectCard(project: Project, hosts: ImageHosts): ProjectCard {
  const card: ProjectCard = {
    type: 'project',
    id: project.id,
    title: project.title,
    author: project.author.username,
    thumbnailUrl:
      imageUrl(project.image ?? project.images?.['282x218'], hosts) ?? projectThumbnail(project.id, hosts),
  };
  if (project.stats?.loves !== undefined) card.loves = project.stats.loves;
  if (project.stats?.views !== undefined) card.views = project.stats.views;
  if (project.stats?.remixes !== undefined) card.remixes = project.stats.remixes;
  return card;
}

export function toStudioCard(studio: Studio, hosts: ImageHosts): StudioCard {
  const card: StudioCard = {
    type: 'studio',
    id: studio.id,
    title: studio.title,
    thumbnailUrl: imageUrl(studio.image, hosts) ?? studioThumbnail(studio.id, hosts),
  };
  if (studio.stats?.followers !== undefined) card.followers = studio.stats.followers;
  if (studio.stats?.projects !== undefined) card.projects = studio.stats.projects;
  return card;
}

export function toUserCard(user: User, hosts: ImageHosts): UserCard {
  return {
    type: 'user',
    id: user.id,
    username: user.username,
    avatarUrl: imageUrl(user.profile?.images?.['90x90'], hosts) ?? avatar(user.id, hosts),
  };
}

export function toCommentItem(comment: Comment, hosts: ImageHosts): CommentItem {
  return {
    type: 'comment',
    id: comment.id,
    content: comment.content,
    author: comment.author.username ?? '',
    authorImage: imageUrl(comment.author.image, hosts) ?? avatar(comment.author.id, hosts),
    createdAt: comment.datetime_created,
    replyCount: comment.reply_count ?? 0,
    parentId: comment.parent_id,
  };
}

export function toProjectDetail(project: Project, hosts: ImageHosts): ProjectDetail {
  return {
    id: project.id,
    title: project.title,
    author: project.author.username,
    authorId: project.author.id,
    authorImage:
      imageUrl(project.author.profile?.images?.['90x90'], hosts) ?? avatar(project.author.id, hosts),
    thumbnailUrl:
      imageUrl(project.images?.['282x218'] ?? project.image, hosts) ?? projectThumbnail(project.id, hosts),
    instructions: project.instructions ?? '',
    description: project.description ?? '',
    // Unshared projects come with `public: false` / `is_published: false` (only their author reads them).
    shared: project.public !== false && project.is_published !== false && project.visibility !== 'notvisible',
    commentsAllowed: project.comments_allowed !== false,
    created: project.history?.created ?? null,
    modified: project.history?.modified ?? null,
    sharedAt: project.history?.shared ?? null,
    stats: {
      views: project.stats?.views ?? 0,
      loves: project.stats?.loves ?? 0,
      favorites: project.stats?.favorites ?? 0,
      remixes: project.stats?.remixes ?? 0,
    },
    remixParent: project.remix?.parent ?? null,
  };
}

export function toUserDetail(user: User, hosts: ImageHosts): UserDetail {
  return {
    id: user.id,
    username: user.username,
    avatarUrl: imageUrl(user.profile?.images?.['90x90'], hosts) ?? avatar(user.id, hosts),
    status: user.profile?.status ?? '',
    bio: user.profile?.bio ?? '',
    country: user.profile?.country ?? '',
    joined: user.history?.joined ?? null,
    scratchteam: user.scratchteam === true,
  };
}

export function toStudioDetail(studio: Studio, hosts: ImageHosts): StudioDetail {
  return {
    id: studio.id,
    title: studio.title,
    description: studio.description ?? '',
    thumbnailUrl: imageUrl(studio.image, hosts) ?? studioThumbnail(studio.id, hosts),
    created: studio.history?.created ?? null,
    modified: studio.history?.modified ?? null,
    stats: { ...studio.stats },
    commentsAllowed: studio.comments_allowed !== false,
  };
}

/** The rows in the order the site's home page shows them; any other design-studio key follows. */
const ROW_ORDER = [
  'community_featured_projects',
  'community_featured_studios',
  'curator_top_projects',
  'scratch_design_studio',
  'community_most_remixed_projects',
  'community_most_loved_projects',
  'community_newest_projects',
] as const;
const DESIGN_STUDIO_KEY = /^[A-Za-z0-9-]+_design_studio$/;

function toFeaturedItem(item: ProxyProjectItem, hosts: ImageHosts): ProjectCard | StudioCard {
  const thumbnailUrl = imageUrl(item.thumbnail_url, hosts);
  if (item.type === 'gallery') {
    return {
      type: 'studio',
      id: item.id,
      title: item.title,
      thumbnailUrl: thumbnailUrl ?? studioThumbnail(item.id, hosts),
    };
  }
  const card: ProjectCard = {
    type: 'project',
    id: item.id,
    title: item.title,
    author: item.creator ?? '',
    thumbnailUrl: thumbnailUrl ?? projectThumbnail(item.id, hosts),
  };
  if (item.love_count !== undefined) card.loves = item.love_count;
  if (item.remixers_count !== undefined) card.remixes = item.remixers_count;
  return card;
}

/**
 * Every row of `/proxy/featured` under its own key: the community rows, and each
 * `<name>_design_studio` key (the schema's `design_studio` alias gathers the same items: skipped).
 */
export function toFeaturedRows(featured: Featured, hosts: ImageHosts): FeaturedRow[] {
  const record = featured as unknown as Record<string, unknown>;
  const keys = Object.keys(record).filter(
    (key) => (ROW_ORDER as readonly string[]).includes(key) || DESIGN_STUDIO_KEY.test(key),
  );
  const rank = (key: string) => {
    const index = (ROW_ORDER as readonly string[]).indexOf(key);
    // Design studios under another service name sit where the site's own does.
    return index >= 0 ? index : DESIGN_STUDIO_KEY.test(key) ? 3.5 : ROW_ORDER.length;
  };
  return keys
    .sort((a, b) => rank(a) - rank(b))
    .map((key) => {
      const items = (record[key] as ProxyProjectItem[]) ?? [];
      const row: FeaturedRow = { key, items: items.map((item) => toFeaturedItem(item, hosts)) };
      const first = items[0];
      if (key === 'curator_top_projects' && first?.curator_name) row.curator = first.curator_name;
      if (DESIGN_STUDIO_KEY.test(key) && first?.gallery_id !== undefined) {
        row.studio = { id: first.gallery_id, title: first.gallery_title ?? '' };
      }
      return row;
    });
}
