/**
 * The legacy (scratchr2) My Stuff page `/mystuff/` (docs/site-reference.md, "Legacy pages", `/mystuff/`;
 * scratchr2's source is not public): the server sends the frame (tabs switched by the URL hash, an
 * empty `ul.media-list`, the `[data-control="load-more"]` button); client/mystuff.ts loads the items,
 * `li > div.media-item-content` with `.media-thumb > a[href="/projects/<id>/"] > img` and
 * `.media-info-item.title > a[href="/projects/<id>/"]`.
 */
export const MYSTUFF_TAB_LABELS = {
  all: 'All Projects',
  shared: 'Shared Projects',
  unshared: 'Unshared Projects',
  galleries: 'My Studios',
} as const;

export function renderMyStuffContent(): string {
  const tabs = Object.entries(MYSTUFF_TAB_LABELS)
    .map(([tab, label]) => `<li data-tab="${tab}"><a href="#${tab}">${label}</a></li>`)
    .join('\n');
  return `<div class="box" id="mystuff">
<div class="box-head"><h2>My Stuff</h2><a class="button" href="/projects/editor/">+ New Project</a></div>
<div class="box-content">
<div class="tabs-index"><ul>
${tabs}
</ul></div>
<div id="main-content">
<div class="media-list-status"></div>
<ul class="media-list"></ul>
<button class="button" type="button" data-control="load-more" hidden>Load more</button>
</div>
</div>
</div>`;
}
