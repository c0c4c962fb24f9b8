import type { ComponentType } from 'preact';
import type { SessionUser } from '@/lib/session/session-model';
import type { StorageItem } from '@/lib/storage/storage-item';

/**
 * One view of the popup (a tab). A view lives in its own folder (`feed/`, later `messages/`,
 * `explore/`) and exports one of these; `tabs.ts` lists them in the order the tab bar shows them.
 */
export interface PopupTab {
  /** Stored as the last chosen tab (`popupTabItem`) and in the marker `popup-tab-<name>`. */
  name: string;
  label: () => string;
  /** The view, for the signed-in member (the frame shows no view while signed out). */
  View: ComponentType<{ member: SessionUser }>;
  /** Loads a view kept in a chunk of its own (lazy-view.tsx): awaited before the first frame it shows. */
  preload?: () => Promise<void>;
  /** Beside the label, e.g. how many items are new; renders nothing when there is nothing to say. */
  Count?: ComponentType<{ member: SessionUser }>;
  /**
   * The storage items `Count` shows: read before the popup's first frame whatever tab it opens on.
   * (The view's own items are read with its chunk, `preload`: lazy-view.tsx.)
   */
  // biome-ignore lint/suspicious/noExplicitAny: items of any value type.
  countStorage?: readonly StorageItem<any>[];
}
