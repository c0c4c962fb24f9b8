/**
 * Marks on every project thumbnail the member sees: a heart when they loved the project, a star
 * when they favorited it, nothing visible when neither, in the corner of the image. Each annotated
 * thumbnail holds exactly one `[data-companion="project-status"][data-project-id]`, whose
 * `data-loved` / `data-favorited` are "true" or "false" once known and absent while unknown.
 *
 * The statuses come from storage (the background's `project-status` cache, followed through
 * `storage.onChanged`: every tab shows the same marks at once). A thumbnail's status is asked for
 * only when it comes into view and is missing or stale, and the background is told when it leaves
 * view before its answer (its read is then dropped). Thumbnails appear late (Load more, carousel
 * slides, client-side rendering) and React reuses nodes for other projects (the link changes in
 * place), so a MutationObserver watches added nodes and `href` changes.
 */
import { t } from '@/lib/i18n';
import {
  currentMember,
  type MemberStatuses,
  needsRead,
  PROJECT_STATUS_KEY,
  PROJECT_STATUS_SETTINGS_KEY,
  type ProjectStatusCache,
  projectStatus,
  projectStatusSettingsOf,
} from '@/lib/project-status-cache';
import { sendMessage } from '@/lib/protocol';
import {
  companionAttribute,
  notAProjectList,
  projectIdOfHref,
  projectThumbnail,
  projectThumbnailLink,
} from '@/lib/site/selectors';
import type { Feature } from './registry';
import { follow } from './stored-message-count';
import { addStyles } from './stylesheet';

export const PROJECT_STATUS_MARK = 'project-status';
/** On the thumbnail that holds a mark: positions the mark (an attribute: React rewrites classes). */
const HOST_ATTRIBUTE = 'data-companion-status-host';

// The icons are drawn by the stylesheet (one element per mark: cheap to add by the hundred).
const icon = (path: string, fill: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path fill='${fill}' stroke='rgba(0,0,0,.25)' stroke-width='1' d='${path}'/></svg>`)}")`;
const HEART = icon(
  'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.7 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z',
  '#ff4c7a',
);
const STAR = icon('M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z', '#ffb300');

const CSS = `
[${HOST_ATTRIBUTE}] { position: relative; }
.companion-status-mark {
  position: absolute; top: 6px; inset-inline-start: 6px; z-index: 2;
  display: inline-flex; align-items: center; gap: 2px; padding: 3px 5px;
  border-radius: 999px; background: rgba(255, 255, 255, 0.92);
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.3);
}
.companion-status-mark[hidden] { display: none; }
.companion-status-mark[data-loved="true"]::before,
.companion-status-mark[data-favorited="true"]::after {
  content: ""; width: 14px; height: 14px; background: ${HEART} center / contain no-repeat;
}
.companion-status-mark[data-favorited="true"]::after { background-image: ${STAR}; }
`;

interface Tracked {
  /**
   * The project shown now: null when the thumbnail has no project link (e.g. while React fills it),
   * undefined until first read (a thumbnail's link is read when it comes into view).
   */
  id: number | null | undefined;
  /** Added when the thumbnail first comes into view: work follows what is seen. */
  mark: HTMLElement | null;
  visible: boolean;
  /** Where it was when last seen entering the view (the order of asking; no layout read needed). */
  top: number;
  left: number;
  /** What the mark shows now, so unchanged marks are not touched. */
  loved: boolean | undefined;
  favorited: boolean | undefined;
}

/** The project a thumbnail shows, from its first project link. */
export function thumbnailProjectId(host: Element): number | null {
  return projectIdOfHref(host.querySelector(projectThumbnailLink)?.getAttribute('href') ?? null);
}

/** The accessible name of a mark, or null when it shows nothing. */
export function markLabel(loved: boolean | undefined, favorited: boolean | undefined): string | null {
  if (loved && favorited) return t('projectStatus.lovedAndFavorited');
  if (loved) return t('projectStatus.loved');
  if (favorited) return t('projectStatus.favorited');
  return null;
}

function setFlag(element: Element, name: string, value: boolean | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, String(value));
}

/** A fresh mark (cloned: one native call instead of four attribute writes per thumbnail). */
let template: HTMLElement | null = null;
function newMark(): HTMLElement {
  if (template === null) {
    template = document.createElement('span');
    template.setAttribute(companionAttribute, PROJECT_STATUS_MARK);
    template.className = 'companion-status-mark';
    template.setAttribute('role', 'img');
    template.hidden = true;
  }
  return template.cloneNode() as HTMLElement;
}

/**
 * Shows the marks while `signal` lives: the caller starts it signed in with marks on.
 *
 * Main-thread cost (budget in DESIGN.md, measured by scripts/bench/status-marks.ts): at load the
 * page is scanned once and the thumbnails only observed; a thumbnail's link is read and its mark
 * made when it first comes into view, in the IntersectionObserver's callback, which reads nothing
 * from layout (the entry carries the position); the mutations of our own marks are taken back at
 * once instead of coming round again in another callback.
 */
function showMarks(signal: AbortSignal, statuses: () => MemberStatuses | null): { refresh(): void } {
  const tracked = new Map<Element, Tracked>();
  /** Ids asked for and not answered yet: told to the background when they leave view. */
  const asked = new Set<number>();
  let toAsk: { id: number; top: number; left: number }[] = [];
  let toDrop = new Set<number>();
  let flushing = false;

  addStyles(PROJECT_STATUS_MARK, CSS, signal);

  const flush = () => {
    flushing = false;
    if (signal.aborted) return;
    if (toAsk.length > 0) {
      // Top to bottom, start to end: the order the member reads, the order the background serves.
      const ids = toAsk
        .sort((a, b) => a.top - b.top || a.left - b.left)
        .map((entry) => entry.id)
        .filter((id, index, all) => all.indexOf(id) === index);
      toAsk = [];
      for (const id of ids) asked.add(id);
      sendMessage('getProjectStatuses', { ids }).catch(() => undefined);
    }
    if (toDrop.size > 0) {
      const ids = [...toDrop];
      toDrop = new Set();
      sendMessage('projectsLeftView', { ids }).catch(() => undefined);
    }
  };
  const scheduleFlush = () => {
    if (flushing) return;
    flushing = true;
    queueMicrotask(flush);
  };

  /** Shows `status` on the entry's mark, touching only what changed. */
  const render = (entry: Tracked, status: { loved: boolean | undefined; favorited: boolean | undefined }) => {
    const { mark } = entry;
    if (mark === null) return;
    const { loved, favorited } = status;
    if (loved === entry.loved && favorited === entry.favorited) return;
    entry.loved = loved;
    entry.favorited = favorited;
    setFlag(mark, 'data-loved', loved);
    setFlag(mark, 'data-favorited', favorited);
    const label = markLabel(loved, favorited);
    mark.hidden = label === null;
    if (label === null) {
      mark.removeAttribute('aria-label');
      mark.removeAttribute('title');
    } else {
      mark.setAttribute('aria-label', label);
      mark.title = label;
    }
  };

  /** Renders the entry's status and asks for it when it is in view and missing or stale. */
  const show = (entry: Tracked, member: MemberStatuses | null, now: number) => {
    const id = entry.id;
    if (id === null || id === undefined || member === null) {
      render(entry, { loved: undefined, favorited: undefined });
      return;
    }
    render(entry, projectStatus(member, id, now));
    if (entry.visible && needsRead(member, id, now)) {
      toAsk.push({ id, top: entry.top, left: entry.left });
      toDrop.delete(id);
      scheduleFlush();
    }
  };

  const setId = (entry: Tracked, id: number | null) => {
    entry.id = id;
    const mark = entry.mark;
    if (mark === null) return;
    if (id === null) mark.removeAttribute('data-project-id');
    else mark.setAttribute('data-project-id', String(id));
  };

  const leave = (id: number | null | undefined) => {
    if (id === null || id === undefined || !asked.has(id)) return;
    // Still on screen in another thumbnail (carousels repeat projects): keep it.
    for (const other of tracked.values()) if (other.visible && other.id === id) return;
    asked.delete(id);
    toDrop.add(id);
    scheduleFlush();
  };

  const visibility = new IntersectionObserver((changes) => {
    const member = statuses();
    const now = Date.now();
    for (const change of changes) {
      const host = change.target;
      const entry = tracked.get(host);
      if (entry === undefined) continue;
      entry.visible = change.isIntersecting;
      if (!change.isIntersecting) {
        leave(entry.id);
        continue;
      }
      entry.top = change.boundingClientRect.top;
      entry.left = change.boundingClientRect.left;
      if (entry.mark === null) {
        // First time in view: the thumbnail's one mark, filled in before it joins the page (one
        // insertion for the browser to style, not one change per attribute).
        const mark = newMark();
        entry.mark = mark;
        setId(entry, entry.id === undefined ? thumbnailProjectId(host) : entry.id);
        show(entry, member, now);
        host.setAttribute(HOST_ATTRIBUTE, '');
        host.append(mark);
        continue;
      }
      if (entry.id === undefined) setId(entry, thumbnailProjectId(host));
      show(entry, member, now);
    }
    // Our own marks' additions: handled here (ignored) rather than in a callback of their own.
    const pending = pageObserver.takeRecords();
    if (pending.length > 0) onMutations(pending);
  });

  /** The link changed in place (React reusing the node for another project), or may have. */
  const update = (host: Element, entry: Tracked) => {
    // Not seen yet: read when it comes into view.
    if (entry.mark === null && !entry.visible) {
      entry.id = undefined;
      return;
    }
    const id = thumbnailProjectId(host);
    if (id === entry.id) return;
    const before = entry.id;
    setId(entry, id);
    if (entry.visible) leave(before);
    show(entry, statuses(), Date.now());
  };

  const track = (host: Element) => {
    const existing = tracked.get(host);
    if (existing) {
      if (existing.mark !== null && existing.mark.parentNode !== host) host.append(existing.mark);
      update(host, existing);
      return;
    }
    if (host.closest(notAProjectList)) return;
    tracked.set(host, {
      id: undefined,
      mark: null,
      visible: false,
      top: 0,
      left: 0,
      loved: undefined,
      favorited: undefined,
    });
    visibility.observe(host);
  };

  const untrack = (host: Element, entry: Tracked) => {
    visibility.unobserve(host);
    tracked.delete(host);
    entry.mark?.remove();
    host.removeAttribute(HOST_ATTRIBUTE);
    entry.visible = false;
    leave(entry.id);
  };

  const scan = (root: Element) => {
    if (root.matches(projectThumbnail)) track(root);
    for (const host of root.querySelectorAll(projectThumbnail)) track(host);
  };

  const onMutations = (records: MutationRecord[]) => {
    let removed = false;
    const touched = new Set<Element>();
    for (const record of records) {
      if (record.type === 'attributes') {
        // A link changed in place (React reusing the node for another project).
        const host = (record.target as Element).closest(projectThumbnail);
        if (host) touched.add(host);
        continue;
      }
      if (record.removedNodes.length > 0) removed = true;
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const element = node as Element;
        if (element.getAttribute(companionAttribute) === PROJECT_STATUS_MARK) continue;
        scan(element);
        // A link or image put into a thumbnail that was already there.
        const host = element.parentElement?.closest(projectThumbnail);
        if (host) touched.add(host);
      }
    }
    if (removed) {
      for (const [host, entry] of tracked) {
        if (!host.isConnected) untrack(host, entry);
        else if (entry.mark !== null && entry.mark.parentNode !== host) host.append(entry.mark);
      }
    }
    for (const host of touched) track(host);
  };
  const pageObserver = new MutationObserver(onMutations);
  pageObserver.observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['href'],
  });
  scan(document.documentElement);

  signal.addEventListener(
    'abort',
    () => {
      pageObserver.disconnect();
      visibility.disconnect();
      for (const [host, entry] of tracked) {
        entry.mark?.remove();
        host.removeAttribute(HOST_ATTRIBUTE);
      }
      tracked.clear();
      // Reads not started for this page are moot now.
      if (asked.size > 0) sendMessage('projectsLeftView', { ids: [...asked] }).catch(() => undefined);
    },
    { once: true },
  );

  return {
    refresh() {
      const member = statuses();
      const now = Date.now();
      for (const entry of tracked.values()) {
        if (entry.mark === null) continue;
        const id = entry.id;
        if (id === null || id === undefined || member === null) {
          render(entry, { loved: undefined, favorited: undefined });
          continue;
        }
        render(entry, projectStatus(member, id, now));
        if (!needsRead(member, id, now)) asked.delete(id);
      }
    },
  };
}

export const projectStatusMarks: Feature = {
  name: 'project-status-marks',
  runsOn: () => true,
  run(_page, signal) {
    if (signal.aborted) return;
    let marksOn: boolean | null = null;
    let cache: ProjectStatusCache | null | undefined;
    let running: { controller: AbortController; marks: { refresh(): void } } | null = null;

    // Shown only while signed in with marks on; off or signed out, every mark goes.
    const apply = () => {
      const wanted = marksOn === true && cache !== undefined && currentMember(cache) !== null;
      if (wanted && running === null) {
        const controller = new AbortController();
        signal.addEventListener('abort', () => controller.abort(), { once: true });
        running = { controller, marks: showMarks(controller.signal, () => currentMember(cache)) };
      } else if (!wanted && running !== null) {
        running.controller.abort();
        running = null;
      } else {
        running?.marks.refresh();
      }
    };

    follow(signal, PROJECT_STATUS_SETTINGS_KEY, (value) => {
      marksOn = projectStatusSettingsOf(value).marks;
      apply();
    });
    follow(signal, PROJECT_STATUS_KEY, (value) => {
      cache = (value as ProjectStatusCache | undefined) ?? null;
      apply();
    });
  },
};
