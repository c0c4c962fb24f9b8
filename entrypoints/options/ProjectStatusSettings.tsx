import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import {
  defaultProjectStatusSettings,
  projectStatusSettingsItem,
  type ProjectStatusSettings as Settings,
} from '@/lib/storage';

/** The loved and favorited marks: on or off (on by default). */
export function ProjectStatusSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);

  useEffect(() => {
    projectStatusSettingsItem.getValue().then(setSettings);
    return projectStatusSettingsItem.watch((value) => setSettings(value ?? defaultProjectStatusSettings));
  }, []);

  if (settings === null) return null;
  return (
    <fieldset>
      <legend>{t('options.projectStatus.legend')}</legend>
      <label class="setting">
        <input
          type="checkbox"
          data-testid="setting-project-status-marks"
          checked={settings.marks}
          onChange={(event) =>
            projectStatusSettingsItem.setValue({ ...settings, marks: event.currentTarget.checked })
          }
        />
        <span>
          {t('options.projectStatus.marks')}
          <small>{t('options.projectStatus.marksHelp')}</small>
        </span>
      </label>
    </fieldset>
  );
}
