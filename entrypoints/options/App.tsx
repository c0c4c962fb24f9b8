import { t } from '@/lib/i18n';
import { ExploreSettingsFieldset } from './ExploreSettings';
import { FeedSettingsFieldset } from './FeedSettings';
import { FollowingCloselyFieldset } from './FollowingCloselySettings';
import { MarksSettingsFieldset } from './MarksSettings';
import { MessageCountSettingsFieldset } from './MessageCountSettings';
import { MuteSettingsFieldset } from './MuteSettings';
import { OtherAccountsFieldset } from './OtherAccountsSettings';
import { TranslationSettingsFieldset } from './TranslationSettings';

/**
 * The settings page: every setting of every feature, grouped by feature, each saved the moment it
 * changes (open site pages and the popup follow at once).
 */
export function App() {
  return (
    <main class="options">
      <h1>{t('options.title')}</h1>
      <p class="intro">{t('settings.intro')}</p>
      <MessageCountSettingsFieldset />
      <MuteSettingsFieldset />
      <OtherAccountsFieldset />
      <FeedSettingsFieldset />
      <FollowingCloselyFieldset />
      <MarksSettingsFieldset />
      <TranslationSettingsFieldset />
      <ExploreSettingsFieldset />
    </main>
  );
}
