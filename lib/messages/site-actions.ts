/**
 * The member's writes on the site from the Messages tab and the notifications, each only after
 * their own click, with the site's own request (the API client's `markAllRead`,
 * `acceptCuratorInvite`) and nothing sent for anyone but the member signed in now.
 *
 * Marking read: the site has no "read up to", so everything is marked, including what came after the
 * list was read. Once the site took it, the message count hears of it (`ports.markedRead`: its
 * figure drops at once, then one read past the CDN confirms it), and the list's "New" marks follow
 * the count. A refusal or a failure changes nothing: the unread stay unread.
 *
 * Accepting a curator invitation: only for a studio one of the member's cached `curatorinvite`
 * messages names. An accepted one is kept in the member's cache entry (`acceptedInvites`), so the
 * message says so from then on, in every popup.
 */
import { emptyList } from '@/lib/cached-list/cached-list';
import { listErrorOf } from '@/lib/cached-list/list-error';
import type { Serially } from '@/lib/concurrency/serial';
import { capRecentlyUsed } from '@/lib/storage/member-cap';
import { MAX_CACHED_MEMBERS } from './message-list';
import type { MemberMessages } from './messages-model';
import type { MessagesCache, MessagesPorts } from './messages-ports';
import { MAX_ACCEPTED_INVITES, type SiteActionOutcome } from './site-actions-model';

export interface AcceptInviteRequest {
  /** Who asked (the popup's member): nothing is sent for another. */
  username: string;
  studioId: number;
}

export interface SiteActions {
  markAllRead(request: { username: string }): Promise<SiteActionOutcome>;
  acceptCuratorInvite(request: AcceptInviteRequest): Promise<SiteActionOutcome>;
}

export function createSiteActions(ports: MessagesPorts, serially: Serially): SiteActions {
  const entryOf = async (username: string): Promise<MemberMessages | undefined> => {
    const cache = await ports.cache.get();
    return Object.hasOwn(cache, username) ? cache[username] : undefined;
  };

  /** Sends `write` for `username` if they are signed in now; its answer, or why nothing changed. */
  const send = async (username: string, write: () => Promise<boolean>): Promise<SiteActionOutcome> => {
    if ((await ports.member())?.username !== username) return { ok: false, kind: 'other-member' };
    try {
      return (await write()) ? { ok: true } : { ok: false, kind: 'refused' };
    } catch (error) {
      return { ok: false, kind: 'failed', error: listErrorOf(error, ports.now()) };
    }
  };

  const rememberAccepted = (username: string, studioId: number) =>
    serially(async () => {
      const cache = await ports.cache.get();
      const before = Object.hasOwn(cache, username) ? cache[username] : undefined;
      const kept = (before?.acceptedInvites ?? []).filter((id) => id !== studioId);
      const entry: MemberMessages = {
        ...(before ?? { list: emptyList() }),
        username,
        usedAt: ports.now(),
        acceptedInvites: [studioId, ...kept].slice(0, MAX_ACCEPTED_INVITES),
      };
      const next: MessagesCache = { ...cache, [username]: entry };
      await ports.cache.set(capRecentlyUsed(next, MAX_CACHED_MEMBERS, username));
    });

  return {
    async markAllRead({ username }) {
      const outcome = await send(username, () => ports.api.markAllRead());
      if (outcome.ok) await ports.markedRead?.(username);
      return outcome;
    },

    async acceptCuratorInvite({ username, studioId }) {
      // Only an invitation the member was shown: a studio one of their invitation messages names.
      const invited = (await entryOf(username))?.list.items.some(
        (message) => message.type === 'curatorinvite' && message.gallery_id === studioId,
      );
      if (invited !== true) return { ok: false, kind: 'refused' };
      const outcome = await send(username, () => ports.api.acceptCuratorInvite(studioId, username));
      if (outcome.ok) await rememberAccepted(username, studioId);
      return outcome;
    },
  };
}
