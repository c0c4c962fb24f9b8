/**
 * An IntersectionObserver for happy-dom, which lays nothing out: every observed element is in view
 * at once (reported a microtask after `observe`, as the browser reports a first sighting).
 */
export class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true, boundingClientRect: target.getBoundingClientRect() }] as never,
        this as never,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}
