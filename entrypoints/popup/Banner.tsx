import { t } from '@/lib/i18n';
import type { PingResult } from './background-messages';

/**
 * The frame's banner for what affects every view: the browser is offline, or the background does not
 * answer. Views keep showing their cached data below it; a view's own failures show in the view.
 */
export function Banner({ online, background }: { online: boolean; background: PingResult | Error | null }) {
  const message = !online ? t('popup.offline') : background instanceof Error ? t('popup.noBackground') : null;
  return (
    <div class="banner-region" role="status">
      {message !== null && (
        <p class="banner" data-testid="popup-banner">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * For tests and bug reports, not for members: the background's version and site profile, in the
 * document (tests read `popup-status`) but hidden from view and from assistive technology.
 */
export function ConnectionStatus({ background }: { background: PingResult | Error | null }) {
  if (background === null || background instanceof Error) return null;
  return (
    <p hidden data-testid="popup-status">
      {t('popup.status', [background.version, background.profile])}
    </p>
  );
}
