import { NotificationsToggle } from '@/components/NotificationsToggle';
import { changeSetting } from '@/components/stored-setting';
import { t } from '@/lib/i18n';
import { projectHistorySettingsItem } from '@/lib/project-history/project-history-storage';
import { SettingsGroup } from './SettingsGroup';

type ProjectHistorySettings = { milestones: boolean };

const projectHistorySettingsOf = (stored: unknown): ProjectHistorySettings => ({
  milestones:
    typeof stored === 'object' && stored !== null && (stored as ProjectHistorySettings).milestones === true,
});

/** The member's projects over time: love milestones as desktop notifications (off by default). */
export function ProjectHistorySettingsFieldset() {
  return (
    <SettingsGroup
      item={projectHistorySettingsItem}
      read={projectHistorySettingsOf}
      testId="settings-project-history"
      legend={t('overTime.options.legend')}
    >
      {(settings) => (
        <NotificationsToggle
          testId="setting-milestone-notifications"
          label={t('overTime.options.milestones')}
          help={t('overTime.options.milestonesHelp')}
          refused={t('feedNotifications.options.refused')}
          checked={settings.milestones}
          onChange={(on) =>
            changeSetting(projectHistorySettingsItem, projectHistorySettingsOf, { milestones: on })
          }
        />
      )}
    </SettingsGroup>
  );
}
