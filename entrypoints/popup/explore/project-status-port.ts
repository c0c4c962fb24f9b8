/**
 * Whether the member loved and favorited a project, for the project view. It comes from the
 * project-status service (issue 9, branch `marks`: `lib/services/project-status*.ts`), which owns
 * those reads and their cache; this view only asks it. Until that service is merged, nothing is
 * known and the view shows nothing about it.
 *
 * Wiring once `marks` is merged (its API: `getProjectStatuses` / `projectsLeftView` messages, the
 * `projectStatusesItem` storage item, `currentMember` + `projectStatus` of lib/project-status-cache.ts):
 *
 *   export const useProjectStatus: ProjectStatusPort = (projectId) => {
 *     const cache = useStorageItem(projectStatusesItem);
 *     useEffect(() => {
 *       sendMessage('getProjectStatuses', { ids: [projectId] }).catch(() => undefined);
 *       return () => void sendMessage('projectsLeftView', { ids: [projectId] }).catch(() => undefined);
 *     }, [projectId]);
 *     const { loved, favorited } = projectStatus(currentMember(cache), projectId, Date.now());
 *     return { loved, favorited };
 *   };
 */

/** `undefined`: not known (yet). */
export interface ProjectStatusView {
  loved: boolean | undefined;
  favorited: boolean | undefined;
}

/** A hook: the member's status of this project, kept current. */
export type ProjectStatusPort = (projectId: number) => ProjectStatusView;

const unknown: ProjectStatusView = Object.freeze({ loved: undefined, favorited: undefined });

export const useProjectStatus: ProjectStatusPort = () => unknown;
