import { type Choice, Setting } from '@/components/Setting';
import { changeSetting } from '@/components/stored-setting';
import { languageName, TRANSLATION_LANGUAGES } from '@/lib/api/helper-languages';
import { t } from '@/lib/i18n';
import { type TranslationSettings, translationSettingsOf } from '@/lib/translation/translation-model';
import { translationSettingsItem } from '@/lib/translation/translation-storage';
import { SettingsGroup } from './SettingsGroup';

/** Each language by its own name ("français", "日本語"), sorted as a member of any language finds it. */
const LANGUAGES: Choice[] = TRANSLATION_LANGUAGES.map((code) => ({
  value: code,
  label: languageName(code, code),
  lang: code,
})).sort((a, b) => a.label.localeCompare(b.label));

const update = (change: Partial<TranslationSettings>) =>
  changeSetting(translationSettingsItem, translationSettingsOf, change);

/** Translation: the buttons on site pages, the target language, the read-aloud button, its voice. */
export function TranslationSettingsFieldset() {
  return (
    <SettingsGroup
      item={translationSettingsItem}
      read={translationSettingsOf}
      testId="settings-translation"
      legend={t('options.translation.legend')}
    >
      {(settings) => (
        <>
          <Setting
            kind="checkbox"
            testId="setting-translate-buttons"
            label={t('settings.translation.buttons')}
            help={t('settings.translation.buttonsHelp')}
            checked={settings.buttons}
            onChange={(buttons) => update({ buttons })}
          />
          <Setting
            kind="select"
            testId="setting-translation-language"
            label={t('options.translation.language')}
            help={t('options.translation.languageHelp')}
            disabled={!settings.buttons}
            value={settings.language}
            choices={[{ value: '', label: t('options.translation.languageSite') }, ...LANGUAGES]}
            onChange={(language) => update({ language })}
          />
          <Setting
            kind="checkbox"
            testId="setting-read-aloud"
            label={t('options.translation.readAloud')}
            help={t('options.translation.readAloudHelp')}
            // Read aloud sits beside Translate: without the buttons there is none.
            disabled={!settings.buttons}
            checked={settings.readAloud}
            onChange={(readAloud) => update({ readAloud })}
          />
          <Setting
            kind="select"
            testId="setting-voice"
            label={t('options.translation.voice')}
            help={t('options.translation.voiceHelp')}
            disabled={!settings.buttons || !settings.readAloud}
            value={settings.voice}
            choices={[
              { value: 'female', label: t('options.translation.voiceFemale') },
              { value: 'male', label: t('options.translation.voiceMale') },
            ]}
            onChange={(voice) => update({ voice: voice === 'male' ? 'male' : 'female' })}
          />
        </>
      )}
    </SettingsGroup>
  );
}
