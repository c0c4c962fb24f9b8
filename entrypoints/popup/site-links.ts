/**
 * Addresses of the site's pages and images that the popup links to, for the build's site profile.
 * Views link to pages only (never to the REST interface); every link opens in a new tab.
 */
import { currentProfile } from '@/lib/config';

const site = () => currentProfile().site;
const uploads = () => currentProfile().uploads[0] ?? site();
const segment = (value: string) => encodeURIComponent(value);

export const siteLinks = {
  home: () => `${site()}/`,
  signIn: () => `${site()}/login/`,
  messages: () => `${site()}/messages/`,
  user: (username: string) => `${site()}/users/${segment(username)}/`,
  project: (id: number) => `${site()}/projects/${id}/`,
  studio: (id: number) => `${site()}/studios/${id}/`,
  /** The studio the site suggests to find people to follow (its empty What's Happening links it). */
  scratchersToFollow: () => `${site()}/studios/146521/`,
  /** A project's thumbnail by id (docs/site-reference.md), for a project the service named without one. */
  thumbnail: (projectId: number) => `${uploads()}/projects/thumbnails/${projectId}.png`,
  /** A user's avatar by id, as the site's What's Happening shows it. */
  avatar: (userId: number) => `${uploads()}/users/avatars/${userId}.png`,
};
