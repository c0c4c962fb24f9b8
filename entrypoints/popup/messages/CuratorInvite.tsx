/**
 * A curator invitation's accept button, on its message: the studio page's own request, on the
 * member's click only. Accepted, the message says "You're a curator of <studio>" with the studio's
 * link, from then on (the service keeps it); an invitation no longer valid, or a failure, says so in
 * a sentence with the link.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorSentence } from '@/components/error-sentence';
import { Sentence } from '@/components/Sentence';
import { SiteLink } from '@/components/SiteLink';
import { sentenceMarkers } from '@/components/sentence-markers';
import { t } from '@/lib/i18n';
import type { Message } from '@/lib/messages/messages-model';
import { messagesCacheItem } from '@/lib/messages/messages-storage';
import type { SiteActionOutcome } from '@/lib/messages/site-actions-model';
import { sendMessage } from '../background-messages';
import { useStorageItem } from '../storage-hooks';
import { messageLinks } from './links';

type Invitation = Extract<Message, { type: 'curatorinvite' }>;

export function CuratorInvite({ message, member }: { message: Invitation; member: string }) {
  const studioId = message.gallery_id;
  const cache = useStorageItem(messagesCacheItem);
  const accepted = Object.hasOwn(cache, member) && (cache[member]?.acceptedInvites ?? []).includes(studioId);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SiteActionOutcome | null>(null);
  // After the member's click the button goes: the focus goes to what the click brought.
  const said = useRef<HTMLParagraphElement>(null);
  const clicked = useRef(false);
  useEffect(() => {
    if (clicked.current && !busy) said.current?.focus();
  }, [busy, accepted, outcome]);

  const accept = async () => {
    clicked.current = true;
    setBusy(true);
    setOutcome(null);
    setOutcome(
      (await sendMessage('acceptCuratorInvite', { member, studioId }).catch(() => null)) ?? {
        ok: false,
        kind: 'refused',
      },
    );
    setBusy(false);
  };
  const studio = (
    <SiteLink href={messageLinks.studio(studioId)} text={message.title ?? message.gallery_title ?? ''} />
  );
  if (accepted)
    return (
      <p class="invite-outcome" data-testid="curator-invite-accepted" role="status" tabIndex={-1} ref={said}>
        <Sentence message={t('curatorInvite.accepted', sentenceMarkers(1))} parts={[studio]} />
      </p>
    );
  const failed = outcome?.ok === false ? outcome : null;
  return (
    <>
      <button
        type="button"
        class="text-button"
        data-testid="accept-curator-invite"
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
        onClick={() => void accept()}
      >
        {t('curatorInvite.accept')}
      </button>
      {failed !== null && (
        <p
          class="invite-outcome alert-error"
          data-testid="curator-invite-error"
          role="alert"
          tabIndex={-1}
          ref={said}
        >
          <Sentence
            message={t(
              failed.kind === 'failed' ? 'curatorInvite.failed' : 'curatorInvite.invalid',
              sentenceMarkers(1),
            )}
            parts={[studio]}
          />
          {failed.kind === 'failed' && ` ${errorSentence(failed.error)}`}
        </p>
      )}
    </>
  );
}
