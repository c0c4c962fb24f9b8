/**
 * Functions that run inside an extension context (serialised: no outside variables). They reach the
 * API as `browser` (Firefox, and extension pages with the polyfill) or `chrome` (Chromium's worker).
 */
import type { Badge, StorageArea } from './extension-browser';

type ExtensionApi = typeof browser;

export async function readBadgeInExtension(tabId: number | undefined): Promise<Badge> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  const details = tabId === undefined ? {} : { tabId };
  return { text: await api.action.getBadgeText(details), title: await api.action.getTitle(details) };
}

export async function readStorageInExtension(args: {
  area: StorageArea;
  keys: string[] | null;
}): Promise<Record<string, unknown>> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  return api.storage[args.area].get(args.keys);
}

export async function writeStorageInExtension(args: {
  area: StorageArea;
  items: Record<string, unknown>;
}): Promise<void> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  await api.storage[args.area].set(args.items);
}

/** The browser's language as the extension sees it (what `__MSG_` strings and `t()` follow). */
export function readUiLanguageInExtension(): string {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  return api.i18n.getUILanguage();
}

/**
 * Merges `fields` into the development tuning item (`local:devTuning`, lib/dev-tuning.ts; a null
 * field is removed) and answers the install type, which must be `development` for the extension to
 * honour it (a store install ignores the item).
 */
export async function tuneInExtension(fields: Record<string, unknown>): Promise<string> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  const { devTuning } = await api.storage.local.get('devTuning');
  const next: Record<string, unknown> =
    typeof devTuning === 'object' && devTuning !== null && !Array.isArray(devTuning) ? { ...devTuning } : {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  await api.storage.local.set({ devTuning: next });
  return (await api.management.getSelf()).installType;
}

/** How the browser installed the extension (`management.getSelf().installType`). */
export async function readInstallTypeInExtension(): Promise<string> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  return (await api.management.getSelf()).installType;
}

/** When the extension's alarm `name` is next due (ms since the epoch), or null without that alarm. */
export async function readAlarmDueInExtension(name: string): Promise<number | null> {
  const api =
    (globalThis as { browser?: ExtensionApi }).browser ??
    (globalThis as unknown as { chrome: ExtensionApi }).chrome;
  return (await api.alarms.get(name))?.scheduledTime ?? null;
}
