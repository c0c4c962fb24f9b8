/**
 * The end of the Messages tab's list (the next page as it scrolls into view, the site's messages
 * page at the cap): below the first screenful, so a chunk of its own, loaded right after the first
 * frame (MessagesTab.tsx), as the rows past a screenful render then. A module of its own, not the
 * shared ListEnd imported on demand, which would cost the other tabs a runtime for its namespace.
 */
export { ListEnd as MessagesListEnd } from '@/components/ListEnd';
