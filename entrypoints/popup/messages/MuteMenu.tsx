import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { muteKindName } from '@/components/mute-kind-name';
import { t } from '@/lib/i18n';
import { withKindMuted, withPersonMuted, withStudioMuted } from '@/lib/message-count/mute-changes-model';
import type { MessageRow } from '@/lib/messages/message-groups-model';
import { canMute, muteChoicesOf } from './mute-choices';
import { changeMutes } from './mutes-data';

/**
 * A message's "Mute" button and its small menu: "Mute messages like this" (the row's kind),
 * "Mute <person>" (its actor) and, on a studio's activity, "Mute activity in this studio". Arrow keys move, Escape closes and gives the focus back to the
 * button; choosing tells `onMute` (the row is moving into the muted fold) and writes the mute.
 */
export function MuteMenu(props: {
  row: MessageRow;
  me: string;
  onMute: () => void;
  initiallyOpen?: boolean;
}) {
  const choices = muteChoicesOf(props.row, props.me);
  const { kind, person, studio } = choices;
  const [open, setOpen] = useState(props.initiallyOpen ?? false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  if (!canMute(choices)) return null;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (mute: Parameters<typeof changeMutes>[0]) => {
    setOpen(false);
    props.onMute();
    void changeMutes(mute);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <span
      class="mute"
      onFocusOut={(event) => {
        // Focus leaving the button and its menu (a click elsewhere) closes the menu.
        const next = event.relatedTarget as Node | null;
        if (open && (next === null || !event.currentTarget.contains(next))) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        class="text-button mute-button"
        data-testid="mute"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('mutes.menuLabel')}
        onClick={() => setOpen(!open)}
      >
        {t('mutes.menuButton')}
      </button>
      {open && (
        <div id={id} ref={menu} role="menu" class="mute-menu" data-testid="mute-menu" onKeyDown={onKeyDown}>
          {kind !== null && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid="mute-kind-choice"
              data-kind={kind}
              onClick={() => choose((mutes) => withKindMuted(mutes, kind, true))}
            >
              {t('mutes.kind')}
              <small>{muteKindName(kind)}</small>
            </button>
          )}
          {person !== null && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid="mute-person-choice"
              data-username={person}
              onClick={() =>
                choose((mutes) => {
                  const muted = withPersonMuted(mutes, person);
                  return muted.ok ? muted.mutes : mutes;
                })
              }
            >
              {t('mutes.person', [person])}
            </button>
          )}
          {studio !== null && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid="mute-studio"
              data-studio-id={String(studio.id)}
              onClick={() => choose((mutes) => withStudioMuted(mutes, studio))}
            >
              {t('studioMutes.menuItem')}
            </button>
          )}
        </div>
      )}
    </span>
  );
}
