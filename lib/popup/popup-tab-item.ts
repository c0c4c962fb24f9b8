/**
 * The popup's last chosen tab: the popup writes it as the member changes tabs and opens on it, and
 * the quick-search shortcut (lib/explore/explore-command.ts) sets it to Explore before it opens the
 * popup. Here, below the domains, because both the popup and a domain write it.
 */
import { defineItem } from '@/lib/storage/storage-item';

export const popupTabItem = defineItem<string>('local:popupTab', { fallback: 'feed' });
