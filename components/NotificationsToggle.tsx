import { useState } from 'preact/hooks';
import { askForNotifications, releaseNotificationsUnlessNeeded } from './notifications-permission';
import { Setting } from './Setting';

/**
 * A setting that shows desktop notifications: turning it on asks the browser for the optional
 * `notifications` permission first (in the click's user gesture) and says so when it refused;
 * turning it off gives the permission back unless another setting still needs it.
 */
export function NotificationsToggle(props: {
  testId: string;
  label: string;
  help: string;
  /** The sentence shown when the browser refused the permission. */
  refused: string;
  checked: boolean;
  /** Stores the setting (after the permission was granted, when turning it on). */
  onChange: (on: boolean) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      await props.onChange(false);
      await releaseNotificationsUnlessNeeded();
      return;
    }
    if (!(await askForNotifications())) {
      setProblem(props.refused);
      return;
    }
    await props.onChange(true);
  };
  return (
    <Setting
      kind="checkbox"
      testId={props.testId}
      label={props.label}
      help={props.help}
      problem={problem}
      checked={props.checked}
      onChange={toggle}
    />
  );
}
