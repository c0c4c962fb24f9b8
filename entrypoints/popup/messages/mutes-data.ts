/**
 * The member's mutes in the Messages tab: read from their sync item (primed with the tab's first
 * frame, messages-data.ts), and changed from a message's menu or the muted fold.
 */
import { useMemo } from 'preact/hooks';
import { messageMutesItem } from '@/lib/message-count/message-count-storage';
import { type MessageMutes, mutesOf } from '@/lib/message-count/mutes-model';
import { useStorageItem } from '../storage-hooks';

export function useMutes(): MessageMutes {
  const stored = useStorageItem(messageMutesItem);
  return useMemo(() => mutesOf(stored), [stored]);
}

/** Applies `edit` to the mutes as stored now: the settings page may have changed them meanwhile. */
export async function changeMutes(edit: (mutes: MessageMutes) => MessageMutes): Promise<void> {
  await messageMutesItem.setValue(edit(mutesOf(await messageMutesItem.getValue())));
}
