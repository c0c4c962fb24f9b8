import { t } from '@/lib/i18n';
import { ExploreSettingsFieldset } from './ExploreSettings';
import { FeedSettingsFieldset } from './FeedSettings';
import { FollowingCloselyFieldset } from './FollowingCloselySettings';
import { MarksSettingsFieldset } from './MarksSettings';
import { MessageCountSettingsFieldset } from './MessageCountSettings';
import { MuteSettingsFieldset } from './MuteSettings';
import { OtherAccountsFieldset } from './OtherAccountsSettings';
import { ProjectHistorySettingsFieldset } from './ProjectHistorySettings';
import { TranslationSettingsFieldset } from './TranslationSettings';

/**
 * The settings page: every setting of every feature, grouped by feature, each saved the moment it
 * changes (open site pages and the popup follow at once). The member's own choices (mutes, other
 * accounts, bells: one item per member) come first and apart from the browser's settings, which
 * apply to whoever uses the browser: on a shared computer a member can tell which are whose.
 */
export function App() {
  return (
    <main class="options">
      <h1>{t('options.title')}</h1>
      <p class="intro">{t('settings.intro')}</p>
      <section class="settings-owner" aria-labelledby="settings-yours">
        <h2 id="settings-yours">{t('settings.yoursHeading')}</h2>
        <p class="intro">{t('settings.yours')}</p>
        <MuteSettingsFieldset />
        <OtherAccountsFieldset />
        <FollowingCloselyFieldset />
      </section>
      <section class="settings-owner" aria-labelledby="settings-browser">
        <h2 id="settings-browser">{t('settings.browserHeading')}</h2>
        <p class="intro">{t('settings.browser')}</p>
        <MessageCountSettingsFieldset />
        <FeedSettingsFieldset />
        <ProjectHistorySettingsFieldset />
        <MarksSettingsFieldset />
        <TranslationSettingsFieldset />
        <ExploreSettingsFieldset />
      </section>
    </main>
  );
}
