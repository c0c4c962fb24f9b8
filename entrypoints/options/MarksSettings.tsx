import { Setting } from '@/components/Setting';
import { t } from '@/lib/i18n';
import { projectStatusSettingsOf } from '@/lib/project-status/project-status-cache';
import { projectStatusSettingsItem } from '@/lib/storage';
import { changeSetting, useStoredSetting } from './stored-setting';

/** The loved and favorited marks on the site's thumbnails and the popup's cards: on or off (on by default). */
export function MarksSettingsFieldset() {
  const settings = useStoredSetting(projectStatusSettingsItem, projectStatusSettingsOf);
  if (settings === null) return null;
  return (
    <fieldset data-testid="settings-marks">
      <legend>{t('options.projectStatus.legend')}</legend>
      <Setting
        kind="checkbox"
        testId="setting-project-status-marks"
        label={t('options.projectStatus.marks')}
        help={t('options.projectStatus.marksHelp')}
        checked={settings.marks}
        onChange={(marks) => changeSetting(projectStatusSettingsItem, projectStatusSettingsOf, { marks })}
      />
    </fieldset>
  );
}
