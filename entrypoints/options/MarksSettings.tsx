import { Setting } from '@/components/Setting';
import { changeSetting } from '@/components/stored-setting';
import { t } from '@/lib/i18n';
import { projectStatusSettingsOf } from '@/lib/project-status/project-status-model';
import { projectStatusSettingsItem } from '@/lib/project-status/project-status-storage';
import { SettingsGroup } from './SettingsGroup';

/** The loved and favorited marks on the site's thumbnails and the popup's cards: on or off (on by default). */
export function MarksSettingsFieldset() {
  return (
    <SettingsGroup
      item={projectStatusSettingsItem}
      read={projectStatusSettingsOf}
      testId="settings-marks"
      legend={t('options.projectStatus.legend')}
    >
      {(settings) => (
        <Setting
          kind="checkbox"
          testId="setting-project-status-marks"
          label={t('options.projectStatus.marks')}
          help={t('options.projectStatus.marksHelp')}
          checked={settings.marks}
          onChange={(marks) => changeSetting(projectStatusSettingsItem, projectStatusSettingsOf, { marks })}
        />
      )}
    </SettingsGroup>
  );
}
