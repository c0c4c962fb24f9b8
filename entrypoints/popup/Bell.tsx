/**
 * The bell on a person or a studio ("Following closely"): rung, their new projects
 * come first in the feed and (with a bell on anyone) are the only ones notified. A toggle button
 * (`aria-pressed`) whose name says what a press does. It writes the synced item itself (the
 * background only reads it), through ./bell-change.ts, loaded on the first press: the Feed tab's
 * first frame carries only this button.
 */
import { useState } from 'preact/hooks';
import { LineIcon } from '@/components/LineIcon';
import { followingCloselyItem } from '@/lib/feed/feed-storage';
import type { BelledStudio } from '@/lib/feed/following-closely-model';
import { t } from '@/lib/i18n';
import { useStorageItem } from './storage-hooks';

const BELL = 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1 1H3zM6.5 14a1.5 1.5 0 0 0 3 0';

export function Bell(
  props: ({ user: string; studio?: undefined } | { studio: BelledStudio; user?: undefined }) & {
    /** Said beside a rung bell (what Companion can and cannot hear about). */
    note?: string;
  },
) {
  const { user, studio } = props;
  const bells = useStorageItem(followingCloselyItem);
  const [full, setFull] = useState('');
  // As following-closely-model.ts compares (usernames without case), written out here so that module
  // loads only on a press; a value synced by another version may lack a part: no bell there.
  const on =
    user !== undefined
      ? (bells.people ?? []).some((person) => person.toLowerCase() === user.toLowerCase())
      : (bells.studios ?? []).some((belled) => belled.id === studio.id);
  const label =
    user !== undefined
      ? t(on ? 'followingClosely.stopPerson' : 'followingClosely.ringPerson', [user])
      : t(on ? 'followingClosely.stopStudio' : 'followingClosely.ringStudio', [studio.title]);

  return (
    <span class="bell-wrap">
      <button
        type="button"
        class="icon-button bell"
        data-testid="bell"
        data-following-closely={String(on)}
        data-user={user}
        data-studio-id={studio && String(studio.id)}
        aria-pressed={on}
        aria-label={label}
        title={label}
        onClick={async () => {
          const { toggleBell } = await import('./bell-change');
          setFull(await toggleBell(user !== undefined ? { user } : { studio }));
        }}
      >
        <LineIcon d={BELL} stroke={1.4} filled={on} />
      </button>
      <span class="bell-note" role="status" data-testid="bell-status">
        {full !== '' ? full : on && props.note}
      </span>
    </span>
  );
}
