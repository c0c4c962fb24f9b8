import { Setting } from '@/components/Setting';
import { changeSetting } from '@/components/stored-setting';
import { languageName } from '@/lib/api/helper-languages';
import { EXPLORE_LANGUAGES, siteLanguage } from '@/lib/explore/explore-keys-model';
import { defaultExploreSettings, type ExploreSettings } from '@/lib/explore/explore-model';
import { exploreSettingsItem } from '@/lib/explore/explore-storage';
import { t, uiLanguage } from '@/lib/i18n';
import { SettingsGroup } from './SettingsGroup';

const exploreSettingsOf = (stored: unknown): ExploreSettings => ({
  ...defaultExploreSettings,
  ...(typeof stored === 'object' && stored !== null ? stored : {}),
});

/**
 * The Explore tab's language, with the choices its own menu offers: any language, the member's own
 * (the browser's, which '' stands for), the site's other languages.
 */
export function ExploreSettingsFieldset() {
  const display = uiLanguage();
  const own = siteLanguage(display);
  const codes = [own, ...EXPLORE_LANGUAGES.filter((code) => code !== own)];
  return (
    <SettingsGroup
      item={exploreSettingsItem}
      read={exploreSettingsOf}
      testId="settings-explore"
      legend={t('settings.explore.legend')}
    >
      {(settings) => (
        <Setting
          kind="select"
          testId="setting-explore-language"
          label={t('settings.explore.language')}
          help={t('settings.explore.languageHelp')}
          value={settings.language === '' ? own : settings.language}
          choices={[
            { value: '*', label: t('explore.browse.anyLanguage') },
            ...codes.map((code) => ({ value: code, label: languageName(code, display) })),
          ]}
          onChange={(language) => changeSetting(exploreSettingsItem, exploreSettingsOf, { language })}
        />
      )}
    </SettingsGroup>
  );
}
