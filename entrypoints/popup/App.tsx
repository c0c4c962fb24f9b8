import { TabBar, TabPanel } from '@/components/TabBar';
import { t } from '@/lib/i18n';
import { popupTabItem } from '@/lib/popup/popup-tab-item';
import type { SessionUser } from '@/lib/session/session-model';
import { memberCheckedItem, memberItem } from '@/lib/session/session-storage';
import { Banner, ConnectionStatus } from './Banner';
import { useBackgroundStatus, useOnline } from './connection';
import { Header } from './Header';
import { rememberOpeningTab, shownMember, signedOutView } from './opening-view';
import { useStorageItem } from './storage-hooks';
import { popupTabs, tabNamed } from './tabs';

/** The storage the frame itself shows in its first frame. */
export const frameStorage = [memberItem, memberCheckedItem, popupTabItem] as const;

function Views({ member }: { member: SessionUser }) {
  const selected = tabNamed(useStorageItem(popupTabItem));
  const View = selected.View;
  return (
    <>
      <TabBar
        group="popup"
        class="popup-tabs"
        label={t('popup.name')}
        tabs={popupTabs.map(({ name, label, Count }) => ({
          name,
          testId: `popup-tab-${name}`,
          label: (
            <>
              {label()}
              {Count && <Count member={member} />}
            </>
          ),
        }))}
        selected={selected.name}
        onSelect={(name) => {
          rememberOpeningTab(name);
          popupTabItem.setValue(name);
        }}
      />
      <TabPanel group="popup" name={selected.name} class="popup-panel">
        {/* Keyed by member: switching accounts starts every view afresh, with nothing of the previous member. */}
        <View key={member.username} member={member} />
      </TabPanel>
    </>
  );
}

/**
 * The toolbar popup's frame: header, banner, then the views as tabs for the signed-in member, or
 * what Companion does and a sign-in link for everyone else.
 */
export function App() {
  // Opened right after a browser start, before the background compared the session cookie with the
  // one the stored member was read under: nothing of that member yet (lib/session/previous-member.ts).
  const member = shownMember(useStorageItem(memberItem), useStorageItem(memberCheckedItem));
  const online = useOnline();
  const background = useBackgroundStatus();
  return (
    <div class="popup">
      <Header member={member} />
      <Banner online={online} background={background} />
      <main class="popup-main">{member === null ? <signedOutView.View /> : <Views member={member} />}</main>
      <ConnectionStatus background={background} />
    </div>
  );
}
