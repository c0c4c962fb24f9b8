import { t } from '@/lib/i18n';
import { siteLinks } from './site-links';

/**
 * Signed out: what Companion does and a way to sign in. It reads nothing that needs a sign-in. A
 * chunk of its own, loaded before the first frame only when nobody is signed in (opening-view.ts).
 */
export function SignedOut() {
  return (
    <section class="signed-out" data-testid="signed-out" aria-labelledby="signed-out-title">
      <h1 id="signed-out-title">{t('popup.signedOut.title')}</h1>
      <p>{t('popup.signedOut.intro')}</p>
      <ul class="signed-out-points">
        <li>{t('popup.signedOut.feed')}</li>
        <li>{t('popup.signedOut.messages')}</li>
        <li>{t('popup.signedOut.site')}</li>
      </ul>
      <a
        class="button"
        href={siteLinks.signIn()}
        target="_blank"
        rel="noreferrer"
        data-testid="popup-sign-in"
      >
        {t('popup.signedOut.signIn')}
      </a>
      <p class="muted">{t('popup.signedOut.afterSignIn')}</p>
    </section>
  );
}
