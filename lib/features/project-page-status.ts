/**
 * On a project page, the site's own love and favorite buttons (`div.project-loves(.loved)`,
 * `div.project-favorites(.favorited)`) tell the background the member's state, for free: the site
 * read it (or the member just clicked), so the marks of every tab follow with no request of ours.
 *
 * Only what the site did counts: a class present when the button is found (the site adds it only
 * after reading the state), and every change of it afterwards. A button without the class may
 * simply not have been read yet, so its absence at first sight says nothing.
 */

import { projectPageId } from '@/lib/site/pages';
import {
  projectFavoriteButton,
  projectFavoritedClass,
  projectLoveButton,
  projectLovedClass,
} from '@/lib/site/selectors';
import type { Feature } from './registry';
import { tellBackground } from './tell-background';
import { whenAborted } from './when-aborted';

type Kind = 'loved' | 'favorited';

const BUTTONS: { kind: Kind; selector: string; className: string }[] = [
  { kind: 'loved', selector: projectLoveButton, className: projectLovedClass },
  { kind: 'favorited', selector: projectFavoriteButton, className: projectFavoritedClass },
];

export const projectPageStatus: Feature = {
  name: 'project-page-status',
  runsOn: (page) => projectPageId(page) !== null,
  run(page, signal) {
    const projectId = projectPageId(page);
    if (projectId === null || signal.aborted) return;
    // Per button: the element followed and the state last reported (null: never seen on).
    const followed = new Map<Kind, { element: Element; on: boolean | null }>();

    const report = (kind: Kind, on: boolean) => {
      tellBackground('reportProjectStatus', { projectId, [kind]: on });
    };

    const look = () => {
      for (const { kind, selector, className } of BUTTONS) {
        const before = followed.get(kind);
        // The button followed is the one until it leaves the page (the site renders it anew): no
        // search of the whole page on each of the page's changes meanwhile.
        const element = before?.element.isConnected ? before.element : document.querySelector(selector);
        if (element === null) continue;
        const on = element.classList.contains(className);
        if (before === undefined || before.element !== element) {
          // First sight (or the site rendered the button anew): only a class present is a reading.
          followed.set(kind, { element, on: on ? true : null });
          if (on) report(kind, true);
        } else if (on ? before.on !== true : before.on === true) {
          before.on = on;
          report(kind, on);
        }
      }
    };

    // Class changes of the buttons and the buttons appearing (the page renders them after load).
    // The page's other class changes, and changes that add nothing, are not looked into: a
    // loading page makes hundreds.
    const concerns = (record: MutationRecord) =>
      record.type === 'attributes'
        ? BUTTONS.some(({ kind }) => followed.get(kind)?.element === record.target)
        : record.addedNodes.length > 0;
    const observer = new MutationObserver((records) => {
      if (records.some(concerns)) look();
    });
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    look();
    whenAborted(signal, () => observer.disconnect());
  },
};
