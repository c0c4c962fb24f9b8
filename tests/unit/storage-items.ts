/**
 * Every storage item of the extension, for the tests that go through all of them (the budgets, a
 * full disk): each domain declares its own items in its folder (`lib/<domain>/<domain>-storage.ts`).
 */
export * from '@/lib/dev-tuning';
export * from '@/lib/explore/explore-storage';
export * from '@/lib/feed/feed-storage';
export * from '@/lib/feed/studio-news-storage';
export * from '@/lib/message-count/message-count-storage';
export * from '@/lib/messages/messages-storage';
export * from '@/lib/mystuff/mystuff-storage';
export * from '@/lib/popup/popup-tab-item';
export * from '@/lib/project-history/project-history-storage';
export * from '@/lib/project-history/week-gains-storage';
export * from '@/lib/project-status/project-status-storage';
export * from '@/lib/session/session-storage';
export * from '@/lib/translation/translation-storage';
