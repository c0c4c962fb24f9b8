/**
 * Marks on every project thumbnail the member sees: a heart when they loved the project, a star
 * when they favorited it, nothing visible when neither, in the corner of the image. Each annotated
 * thumbnail holds exactly one `[data-companion="project-status"][data-project-id]`, whose
 * `data-loved` / `data-favorited` are "true" or "false" once known and absent while unknown.
 *
 * The statuses come from storage (the pages' copy of the background's `project-status` cache: the
 * signed-in member's reads alone; followed through `storage.onChanged`: every tab shows the same
 * marks at once). A thumbnail's status is asked for
 * only when it comes into view and is missing or stale, and the background is told when it leaves
 * view before its answer (its read is then dropped). Thumbnails appear late (Load more, carousel
 * slides, client-side rendering) and React reuses nodes for other projects (the link changes in
 * place), so a MutationObserver watches added nodes and `href` changes.
 */
import { t } from '@/lib/i18n';
import { needsRead, projectStatus } from '@/lib/project-status/project-status-lookup-model';
import {
  PAGE_STATUSES_KEY,
  type PageStatuses,
  PROJECT_STATUS_SETTINGS_KEY,
  projectStatusSettingsOf,
  type StatusReads,
} from '@/lib/project-status/project-status-model';
import { isSitePage } from '@/lib/site/pages';
import {
  companionAttribute,
  notAProjectList,
  projectIdOfHref,
  projectThumbnail,
  projectThumbnailLink,
} from '@/lib/site/selectors';
import { forEachMatch } from './each-match';
import { follow } from './follow-stored';
import { pageTuning } from './page-tuning';
import type { Feature } from './registry';
import { addStyles, declareStyles } from './stylesheet';
import { tellBackground } from './tell-background';
import { whenAborted } from './when-aborted';

export const PROJECT_STATUS_MARK = 'project-status';
/** On the thumbnail that holds a mark: positions the mark (an attribute: React rewrites classes). */
const HOST_ATTRIBUTE = 'data-companion-status-host';

// The icons are drawn by the stylesheet (one element per mark: cheap to add by the hundred). An SVG
// in a quoted data URL needs only its `#` escaped (`%23`): the rest is taken as it is, with no
// encoding at the page's load.
const icon = (path: string, fill: string) =>
  `url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path fill='%23${fill}' stroke='rgba(0,0,0,.25)' stroke-width='1' d='${path}'/></svg>")`;
const HEART = icon(
  'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.7 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z',
  'ff4c7a',
);
const STAR = icon('M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z', 'ffb300');

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
declareStyles(PROJECT_STATUS_MARK, CSS);

/**
 * Ids asked for and still unanswered after this long are asked again (then after twice as long, up
 * to REASK_MAX_MS): the background's queue lives in its memory, and the browser may stop the
 * background at any moment. A repeated ask costs no request: the background merges it with what it
 * has queued or is reading, and a new one starts with an empty queue.
 */
export const REASK_AFTER_MS = 4_000;
export const REASK_MAX_MS = 30_000;

interface Tracked {
  /** The project shown now (null: the thumbnail has no project link, e.g. while React fills it). */
  id: number | null;
  /** Added when the thumbnail first comes into view: work follows what is seen. */
  mark: HTMLElement | null;
  visible: boolean;
  /** What the mark shows now, so unchanged marks are not touched. */
  shown: string;
}

/** The project a thumbnail shows, from its first project link. */
export function thumbnailProjectId(host: Element): number | null {
  return projectIdOfHref(host.querySelector(projectThumbnailLink)?.getAttribute('href') ?? null);
}

type MarkLabelKey = 'projectStatus.lovedAndFavorited' | 'projectStatus.loved' | 'projectStatus.favorited';
/** The labels asked for so far: a page labels its marks by the hundred, and the browser's lookup is a call out of the page's script. */
const labels = new Map<MarkLabelKey, string>();
const label = (key: MarkLabelKey): string => {
  let text = labels.get(key);
  if (text === undefined) {
    text = t(key);
    labels.set(key, text);
  }
  return text;
};

/** The accessible name of a mark, or null when it shows nothing. */
export function markLabel(loved: boolean | undefined, favorited: boolean | undefined): string | null {
  if (loved && favorited) return label('projectStatus.lovedAndFavorited');
  if (loved) return label('projectStatus.loved');
  if (favorited) return label('projectStatus.favorited');
  return null;
}

function setFlag(element: Element, name: string, value: boolean | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, String(value));
}

/** Whether two reads (or favorites lists) say the same: they are small, plain and in one order. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Shows on a thumbnail's mark what the member's statuses say of its project (unchanged: untouched). */
function renderMark(entry: Tracked, member: StatusReads | null, now: number): void {
  const { mark } = entry;
  if (mark === null) return;
  const status =
    entry.id === null ? { loved: undefined, favorited: undefined } : projectStatus(member, entry.id, now);
  const shown = `${entry.id}|${status.loved}|${status.favorited}`;
  if (shown === entry.shown) return;
  entry.shown = shown;
  if (entry.id === null) mark.removeAttribute('data-project-id');
  else mark.setAttribute('data-project-id', String(entry.id));
  setFlag(mark, 'data-loved', status.loved);
  setFlag(mark, 'data-favorited', status.favorited);
  const label = markLabel(status.loved, status.favorited);
  mark.hidden = label === null;
  if (label === null) {
    mark.removeAttribute('aria-label');
    mark.removeAttribute('title');
  } else {
    mark.setAttribute('aria-label', label);
    mark.title = label;
  }
}

/** Gives the thumbnail its one mark, filled in before it joins the page (one change to lay out). */
function annotate(host: Element, entry: Tracked, member: StatusReads | null): void {
  const mark = document.createElement('span');
  mark.setAttribute(companionAttribute, PROJECT_STATUS_MARK);
  mark.className = 'companion-status-mark';
  mark.setAttribute('role', 'img');
  mark.hidden = true;
  entry.mark = mark;
  renderMark(entry, member, Date.now());
  host.setAttribute(HOST_ATTRIBUTE, '');
  host.append(mark);
}

/**
 * Asking the background for the statuses of what is in view, while `signal` lives: what came into
 * view and is missing or stale, top to bottom, in one message a turn; what left view before its
 * answer, so its read is dropped; and again, after a pause that doubles, what stays unanswered (see
 * REASK_AFTER_MS). Returns how to ask for a thumbnail's project, to say one left view, and the ids
 * asked for and not answered yet.
 */
function statusAsks(
  signal: AbortSignal,
  statuses: () => StatusReads | null,
  tracked: Map<Element, Tracked>,
): readonly [
  askIfNeeded: (entry: Tracked, top: number, left: number) => void,
  leave: (id: number | null) => void,
  asked: Set<number>,
] {
  /** Ids asked for and not answered yet: told to the background when they leave view. */
  const asked = new Set<number>();
  let toAsk: { id: number; top: number; left: number }[] = [];
  let toDrop = new Set<number>();
  let flushing = false;
  let reaskTimer: ReturnType<typeof setTimeout> | null = null;
  let arming = false;
  /** The pause before the next ask again: the first pause, doubled after each one. */
  let reaskRound = 0;

  /** Asks again for what is in view and still unanswered (see REASK_AFTER_MS). */
  const reask = () => {
    reaskTimer = null;
    const member = statuses();
    if (signal.aborted || member === null) return;
    const now = Date.now();
    let waiting = false;
    for (const [host, entry] of tracked) {
      if (!entry.visible || entry.id === null || !asked.has(entry.id)) continue;
      if (!needsRead(member, entry.id, now)) {
        asked.delete(entry.id);
        continue;
      }
      const box = host.getBoundingClientRect();
      toAsk.push({ id: entry.id, top: box.top, left: box.left });
      waiting = true;
    }
    if (!waiting) {
      reaskRound = 0;
      return;
    }
    reaskRound += 1;
    scheduleFlush();
  };
  const armReask = () => {
    if (reaskTimer !== null || arming || signal.aborted) return;
    // The first pause is REASK_AFTER_MS, or a development install's shorter one (./page-tuning.ts).
    arming = true;
    void pageTuning().then(({ marksReaskAfterMs = REASK_AFTER_MS }) => {
      arming = false;
      if (reaskTimer === null && !signal.aborted)
        reaskTimer = setTimeout(reask, Math.min(marksReaskAfterMs * 2 ** reaskRound, REASK_MAX_MS));
    });
  };

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
      tellBackground('getProjectStatuses', { ids });
      armReask();
    }
    if (toDrop.size > 0) {
      const ids = [...toDrop];
      toDrop = new Set();
      tellBackground('projectsLeftView', { ids });
    }
  };
  const scheduleFlush = () => {
    if (flushing) return;
    flushing = true;
    queueMicrotask(flush);
  };

  const askIfNeeded = (entry: Tracked, top: number, left: number) => {
    const member = statuses();
    if (entry.id === null || member === null) return;
    if (!needsRead(member, entry.id, Date.now())) return;
    toAsk.push({ id: entry.id, top, left });
    toDrop.delete(entry.id);
    scheduleFlush();
  };

  const leave = (id: number | null) => {
    if (id === null || !asked.has(id)) return;
    // Still on screen in another thumbnail (carousels repeat projects): keep it.
    for (const other of tracked.values()) if (other.visible && other.id === id) return;
    asked.delete(id);
    toDrop.add(id);
    scheduleFlush();
  };

  whenAborted(signal, () => {
    if (reaskTimer !== null) clearTimeout(reaskTimer);
    // Reads not started for this page are moot now.
    if (asked.size > 0) tellBackground('projectsLeftView', { ids: [...asked] });
  });
  return [askIfNeeded, leave, asked];
}

interface Marks {
  /** Shows what changed since `before` (the member's statuses the marks showed until now). */
  refresh(before: StatusReads | null): void;
}

/** Shows the marks while `signal` lives: the caller starts it signed in with marks on. */
function showMarks(signal: AbortSignal, statuses: () => StatusReads | null): Marks {
  const tracked = new Map<Element, Tracked>();
  const [askIfNeeded, leave, asked] = statusAsks(signal, statuses, tracked);

  addStyles(PROJECT_STATUS_MARK, CSS, signal);

  const visibility = new IntersectionObserver((entries) => {
    for (const change of entries) {
      const entry = tracked.get(change.target);
      if (entry === undefined) continue;
      entry.visible = change.isIntersecting;
      if (change.isIntersecting && entry.mark === null) annotate(change.target, entry, statuses());
      if (change.isIntersecting)
        askIfNeeded(entry, change.boundingClientRect.top, change.boundingClientRect.left);
      else leave(entry.id);
    }
  });

  const update = (host: Element, entry: Tracked) => {
    const id = thumbnailProjectId(host);
    if (id === entry.id) return;
    const before = entry.id;
    entry.id = id;
    renderMark(entry, statuses(), Date.now());
    if (entry.visible) {
      leave(before);
      // Observed afresh, the observer tells where it is after the next layout (asking the box
      // now would force one in the middle of the site's own changes).
      visibility.unobserve(host);
      visibility.observe(host);
    }
  };

  const track = (host: Element) => {
    const existing = tracked.get(host);
    if (existing) {
      if (existing.mark !== null && existing.mark.parentNode !== host) host.append(existing.mark);
      update(host, existing);
      return;
    }
    if (host.closest(notAProjectList)) return;
    tracked.set(host, { id: thumbnailProjectId(host), mark: null, visible: false, shown: '' });
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

  const scan = (root: Element) => forEachMatch(root, projectThumbnail, track);

  const pageObserver = new MutationObserver((records) => {
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
  });
  pageObserver.observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['href'],
  });
  scan(document.documentElement);

  whenAborted(signal, () => {
    pageObserver.disconnect();
    visibility.disconnect();
    for (const [host, entry] of tracked) {
      entry.mark?.remove();
      host.removeAttribute(HOST_ATTRIBUTE);
    }
    tracked.clear();
  });

  return {
    refresh(before) {
      const member = statuses();
      const now = Date.now();
      // Most writes answer a few projects: only their marks are looked at again, unless the
      // favorites list itself changed.
      const whole = !member || !before || !same(before.favorites, member.favorites);
      for (const entry of tracked.values()) {
        const id = entry.id;
        if (
          !whole &&
          (id === null ||
            (same(before.loves[id], member.loves[id]) &&
              same(before.favoriteReads[id], member.favoriteReads[id])))
        )
          continue;
        renderMark(entry, member, now);
        if (entry.id !== null && member !== null && !needsRead(member, entry.id, now)) asked.delete(entry.id);
      }
    },
  };
}

export const projectStatusMarks: Feature = {
  name: 'project-status-marks',
  // Every page of the site; not the editor, which has no lists and whose DOM never rests.
  runsOn: isSitePage,
  run(_page, signal) {
    if (signal.aborted) return;
    let marksOn: boolean | null = null;
    /** The signed-in member's statuses (null: nobody), undefined until read. */
    let statuses: PageStatuses | null | undefined;
    let running: { controller: AbortController; marks: Marks } | null = null;

    // Shown only while signed in with marks on; off or signed out, every mark goes.
    const apply = (before: StatusReads | null) => {
      const wanted = marksOn === true && statuses != null;
      if (wanted && running === null) {
        const controller = new AbortController();
        whenAborted(signal, () => controller.abort());
        running = {
          controller,
          marks: showMarks(controller.signal, () => statuses ?? null),
        };
      } else if (!wanted && running !== null) {
        running.controller.abort();
        running = null;
      } else {
        running?.marks.refresh(before);
      }
    };

    follow(signal, PROJECT_STATUS_SETTINGS_KEY, (value) => {
      marksOn = projectStatusSettingsOf(value).marks;
      apply(null);
    });
    // The pages' copy of the statuses (lib/project-status/project-status-model.ts): the signed-in
    // member's reads alone, a fraction of the cache, and no news when only its bookkeeping changed.
    follow(signal, PAGE_STATUSES_KEY, (value) => {
      // What the marks showed until now (another member's too: a mark shows only its record's reads).
      const before = statuses ?? null;
      statuses = (value as PageStatuses | null | undefined) ?? null;
      apply(before);
    });
  },
};
