/**
 * Home-page carousel rows (`div.box > div.box-content > div.slick-slider ... div.slick-slide >
 * div > div.thumbnail`). Like the live carousels, a slide's content is rendered only when the
 * slide scrolls into view, so thumbnails appear after the row itself.
 */
import { h, notice } from './dom.js';
import { type ThumbnailData, thumbnail } from './thumbnail.js';

let observer: IntersectionObserver | undefined;
const pending = new WeakMap<Element, () => HTMLElement>();

function slideObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const render = pending.get(entry.target);
        observer?.unobserve(entry.target);
        pending.delete(entry.target);
        if (render) entry.target.append(h('div', null, render()));
      }
    },
    { rootMargin: '0px 200px 0px 200px' },
  );
  return observer;
}

export function carouselRow(title: string, items: ThumbnailData[], className = ''): HTMLElement {
  const track = h('div', { class: 'slick-track' });
  items.forEach((item, index) => {
    const slide = h('div', { class: 'slick-slide', 'data-index': index, 'aria-hidden': 'false' });
    pending.set(slide, () => thumbnail(item));
    track.append(slide);
    slideObserver().observe(slide);
  });
  return h(
    'div',
    { class: `box carousel-box ${className}`.trim() },
    h('div', { class: 'box-header' }, h('h4', null, title)),
    h(
      'div',
      { class: 'box-content' },
      items.length
        ? h('div', { class: 'slick-slider slick-initialized' }, h('div', { class: 'slick-list' }, track))
        : notice('Nothing here yet.', 'empty'),
    ),
  );
}
