/**
 * Whether the member loved and favorited a project, for the project view. It comes from the
 * project-status service (lib/project-status/project-status*.ts), which owns those reads, their
 * cache and their share of the rate limit; the view only says the project is in view (and when it
 * leaves) and shows what that service stored. Nothing is shown while unknown (marks off, signed out,
 * not read yet).
 */
import { useEffect } from 'preact/hooks';
import { currentMember, projectStatus } from '@/lib/project-status/project-status-lookup-model';
import { projectStatusesItem } from '@/lib/project-status/project-status-storage';
import { sendMessage } from '../background-messages';
import { useStorageItem } from '../storage-hooks';

/** `undefined`: not known (yet). */
export interface ProjectStatusView {
  loved: boolean | undefined;
  favorited: boolean | undefined;
}

/** A hook: the member's status of this project, kept current. */
export type ProjectStatusPort = (projectId: number) => ProjectStatusView;

export const useProjectStatus: ProjectStatusPort = (projectId) => {
  const cache = useStorageItem(projectStatusesItem);
  useEffect(() => {
    sendMessage('getProjectStatuses', { ids: [projectId] }).catch(() => undefined);
    return () => {
      sendMessage('projectsLeftView', { ids: [projectId] }).catch(() => undefined);
    };
  }, [projectId]);
  const { loved, favorited } = projectStatus(currentMember(cache), projectId, Date.now());
  return { loved, favorited };
};
