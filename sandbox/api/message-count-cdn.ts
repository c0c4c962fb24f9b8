/**
 * The live message count sits behind a CDN: after the count changes, a plain re-read can return the
 * old value for a while. The sandbox keeps the value it last served per user for
 * `control.messageCountCacheSeconds` (30 s by default, on the sandbox's clock: advancing the clock
 * past the window expires it) and serves it again to plain reads; a read
 * with any query parameter (a cache-buster such as `?_=<time>`) goes to the origin, as it would
 * through the CDN; like a CDN, that does not refresh what plain reads get (another URL, another
 * cache entry).
 */
import type { SandboxControl } from '../control';

export class MessageCountCdn {
  private kept = new Map<string, { count: number; at: number }>();

  constructor(private readonly control: SandboxControl) {
    control.onReset(() => this.kept.clear());
  }

  read(username: string, cacheBusted: boolean, now = this.control.clock.now()): number {
    const count = this.control.store.unreadCount(username);
    if (cacheBusted) return count;
    const key = username.toLowerCase();
    const kept = this.kept.get(key);
    if (kept && now - kept.at < this.control.messageCountCacheSeconds * 1000) return kept.count;
    this.kept.set(key, { count, at: now });
    return count;
  }
}
