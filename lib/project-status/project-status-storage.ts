/**
 * The project statuses' storage items (lib/project-status/project-status.ts writes them; content
 * scripts and the popup read them, content scripts by their raw keys:
 * lib/project-status/project-status-model.ts).
 */
import { defineItem } from '@/lib/storage/storage-item';
import {
  defaultProjectStatusSettings,
  emptyProjectStatusCache,
  PAGE_STATUSES_KEY,
  type PageStatuses,
  PROJECT_STATUS_KEY,
  PROJECT_STATUS_SETTINGS_KEY,
  type ProjectStatusCache,
  type ProjectStatusSettings,
} from './project-status-model';

/**
 * What the member loved and favorited, per member (`member` is who is signed in: null shows
 * nothing). Read synchronously by surfaces with `currentMember` + `projectStatus` of
 * lib/project-status/project-status-lookup-model.ts; only the background writes it.
 */
export const projectStatusesItem = defineItem<ProjectStatusCache>(PROJECT_STATUS_KEY, {
  fallback: emptyProjectStatusCache,
  version: 1,
});

/**
 * Site pages' copy: the signed-in member's reads alone (null: nobody signed in). Content scripts read
 * it by its raw key (lib/features/project-status-marks.ts); only the background writes it.
 */
export const pageStatusesItem = defineItem<PageStatuses | null>(PAGE_STATUSES_KEY, {
  fallback: null,
  version: 1,
});

/** Marks on project thumbnails: on by default. */
export const projectStatusSettingsItem = defineItem<ProjectStatusSettings>(PROJECT_STATUS_SETTINGS_KEY, {
  fallback: defaultProjectStatusSettings,
  version: 1,
});
