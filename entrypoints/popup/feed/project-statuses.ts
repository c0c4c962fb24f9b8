/**
 * Loved and favorited, for the popup's project cards. The statuses are the
 * background `project-status` service's cache in storage (the same one the site's marks read), so
 * the popup shows what is known in its first frame and follows every change; it asks only for the
 * cards that come into view and are missing or stale, and says when they scroll away (the service
 * then drops reads that have not started). Pure helpers of lib/project-status/project-status-model.ts only: the
 * popup's budget has no room for the service.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { currentMember, needsRead, projectStatus } from '@/lib/project-status/project-status-lookup-model';
import type { MemberStatuses, ProjectStatus } from '@/lib/project-status/project-status-model';
import { projectStatusesItem, projectStatusSettingsItem } from '@/lib/project-status/project-status-storage';
import { sendMessage } from '../background-messages';
import { useStorageItem } from '../storage-hooks';

/** The signed-in member's statuses, or null: signed out, or marks turned off (then nothing is shown or asked). */
export function useMemberStatuses(): MemberStatuses | null {
  const cache = useStorageItem(projectStatusesItem);
  const settings = useStorageItem(projectStatusSettingsItem);
  return settings.marks === false ? null : currentMember(cache);
}

/** A card's status; unknown for everything when `member` is null. */
export function statusOf(member: MemberStatuses | null, id: number): ProjectStatus {
  return projectStatus(member, id, Date.now());
}

const ask = (promise: Promise<void>) => promise.catch(() => undefined);

/**
 * Asks the service for the statuses of the cards (`[data-project-id]` children of `list`) that come
 * into view and need a read; tells it when they leave view, leave the list (another page, the
 * filter) or the list goes, before an answer. One IntersectionObserver per list, for its lifetime;
 * cards added later (`itemsKey`: the ids shown) are observed as they come.
 */
export function useStatusesInView(
  list: RefObject<HTMLElement>,
  member: MemberStatuses | null,
  itemsKey: string,
): void {
  const memberRef = useRef(member);
  memberRef.current = member;
  /** Asked and not answered yet. */
  const asked = useRef(new Set<number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const active = member !== null;

  // Answers arrive through storage: what no longer needs a read is no longer pending.
  useEffect(() => {
    if (member === null) return;
    const now = Date.now();
    for (const id of asked.current) if (!needsRead(member, id, now)) asked.current.delete(id);
  }, [member]);

  useEffect(() => {
    if (!active) return;
    const pending = asked.current;
    const watcher = new IntersectionObserver((changes) => {
      const current = memberRef.current;
      if (current === null) return;
      const now = Date.now();
      const wanted: number[] = [];
      const left: number[] = [];
      for (const change of changes) {
        const id = Number((change.target as HTMLElement).dataset.projectId);
        if (!(id > 0)) continue;
        if (change.isIntersecting) {
          if (!pending.has(id) && needsRead(current, id, now)) {
            pending.add(id);
            wanted.push(id);
          }
        } else if (pending.delete(id)) left.push(id);
      }
      // Reported in document order: top to bottom, the order the service serves them.
      if (wanted.length > 0) ask(sendMessage('getProjectStatuses', { ids: wanted }));
      if (left.length > 0) ask(sendMessage('projectsLeftView', { ids: left }));
    });
    observer.current = watcher;
    return () => {
      watcher.disconnect();
      observer.current = null;
      // The list is gone (another section, signed out, marks off): reads not started are moot.
      if (pending.size > 0) ask(sendMessage('projectsLeftView', { ids: [...pending] }));
      pending.clear();
    };
  }, [active]);

  useEffect(() => {
    const root = list.current;
    const watcher = observer.current;
    if (root === null || watcher === null) return;
    const shown = new Set<number>();
    for (const card of root.querySelectorAll<HTMLElement>('[data-project-id]')) {
      shown.add(Number(card.dataset.projectId));
      watcher.observe(card); // no-op for a card already observed
    }
    const gone = [...asked.current].filter((id) => !shown.has(id));
    for (const id of gone) asked.current.delete(id);
    if (gone.length > 0) ask(sendMessage('projectsLeftView', { ids: gone }));
  }, [list, active, itemsKey]);
}
