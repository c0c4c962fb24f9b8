import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { MessageRow } from '@/lib/messages/message-groups-model';
import { canMute, muteChoicesOf } from './mute-choices';

type MuteActions = typeof import('./mute-actions');
/** The mute actions' chunk, once loaded. */
let actions: MuteActions | null = null;
let loading: Promise<MuteActions> | null = null;

/** Loads the mute actions' chunk (once). */
export const loadMuteActions = (): Promise<MuteActions> =>
  (loading ??= import('./mute-actions').then((module) => {
    actions = module;
    return module;
  }));

/**
 * A message's Mute button: the menu's own (mute-actions.ts) once its chunk is there; before, a
 * button that looks and is named the same, which loads it when pointed at or focused and opens the
 * menu when clicked. Nothing when the row cannot be muted.
 */
export function MuteButton(props: { row: MessageRow; me: string; onMute: () => void }) {
  const [openAtLoad, setOpenAtLoad] = useState(false);
  if (!canMute(muteChoicesOf(props.row, props.me))) return null;
  if (actions !== null) return <actions.MuteMenu {...props} initiallyOpen={openAtLoad} />;
  const load = () => void loadMuteActions().catch(console.error);
  return (
    <span class="mute">
      <button
        type="button"
        class="text-button mute-button"
        data-testid="mute"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={t('mutes.menuLabel')}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => loadMuteActions().then(() => setOpenAtLoad(true), console.error)}
      >
        {t('mutes.menuButton')}
      </button>
    </span>
  );
}

/**
 * The mute actions' chunk once it is there, loaded when `needed` (something is muted: the muted
 * fold and its Unmute buttons are in it); null until then.
 */
export function useMuteActions(needed: boolean): MuteActions | null {
  const [, setLoaded] = useState(actions !== null);
  useEffect(() => {
    if (needed && actions === null) loadMuteActions().then(() => setLoaded(true), console.error);
  }, [needed]);
  return actions;
}
