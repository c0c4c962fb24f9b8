import type { ComponentChildren } from 'preact';
import { useStoredSetting } from '@/components/stored-setting';
import type { StorageItem } from '@/lib/storage/storage-item';

/**
 * One feature's settings: a fieldset named by its legend, shown once its settings item is read;
 * `children` gets the value (kept current while the page is open). `read` is a module-level reader.
 */
export function SettingsGroup<T>(props: {
  item: StorageItem<T>;
  read: (stored: unknown) => T;
  testId: string;
  legend: string;
  children: (settings: T) => ComponentChildren;
}) {
  const settings = useStoredSetting(props.item, props.read);
  if (settings === null) return null;
  return (
    <fieldset data-testid={props.testId}>
      <legend>{props.legend}</legend>
      {props.children(settings)}
    </fieldset>
  );
}
