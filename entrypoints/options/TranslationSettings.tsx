import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { translationSettingsItem } from '@/lib/storage';
import {
  languageName,
  TRANSLATION_LANGUAGES,
  type TranslationSettings,
  translationSettingsOf,
} from '@/lib/translation-languages';

/** Each language by its own name ("français", "日本語"), sorted as a member of any language finds it. */
const LANGUAGES = TRANSLATION_LANGUAGES.map((code) => ({ code, name: languageName(code, code) })).sort(
  (a, b) => a.name.localeCompare(b.name),
);

/** The Translation settings: target language, the read-aloud button, the voice. */
export function TranslationSettingsFieldset() {
  const [settings, setSettings] = useState<TranslationSettings | null>(null);

  useEffect(() => {
    translationSettingsItem.getValue().then((value) => setSettings(translationSettingsOf(value)));
    return translationSettingsItem.watch((value) => setSettings(translationSettingsOf(value)));
  }, []);

  if (settings === null) return null;
  const update = (change: Partial<TranslationSettings>) =>
    translationSettingsItem.setValue({ ...settings, ...change });

  return (
    <fieldset data-testid="settings-translation">
      <legend>{t('options.translation.legend')}</legend>
      <label class="setting setting-column">
        <span>
          {t('options.translation.language')}
          <small>{t('options.translation.languageHelp')}</small>
        </span>
        <select
          data-testid="setting-translation-language"
          value={settings.language}
          onChange={(event) => update({ language: event.currentTarget.value })}
        >
          <option value="">{t('options.translation.languageSite')}</option>
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </label>
      <label class="setting">
        <input
          type="checkbox"
          data-testid="setting-read-aloud"
          checked={settings.readAloud}
          onChange={(event) => update({ readAloud: event.currentTarget.checked })}
        />
        <span>
          {t('options.translation.readAloud')}
          <small>{t('options.translation.readAloudHelp')}</small>
        </span>
      </label>
      <label class="setting setting-column">
        <span>
          {t('options.translation.voice')}
          <small>{t('options.translation.voiceHelp')}</small>
        </span>
        <select
          data-testid="setting-voice"
          value={settings.voice}
          disabled={!settings.readAloud}
          onChange={(event) => update({ voice: event.currentTarget.value === 'male' ? 'male' : 'female' })}
        >
          <option value="female">{t('options.translation.voiceFemale')}</option>
          <option value="male">{t('options.translation.voiceMale')}</option>
        </select>
      </label>
    </fieldset>
  );
}
