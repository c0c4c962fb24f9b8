/**
 * The views Explore opens on top of its home: a project, a person, a studio. One chunk of their own,
 * loaded when the member first opens one (ExploreTab.tsx), so the Explore tab opens with its home
 * only (ARCHITECTURE.md, Budgets: the popup's JavaScript as it opens).
 */
export { ProjectView } from './ProjectView';
export { StudioView } from './StudioView';
export { UserView } from './UserView';
