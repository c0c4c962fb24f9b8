/**
 * What only an opened conversation needs: the thread, its composer, drafts and the sentences of a
 * post's or a delete's outcome. One chunk of its own, loaded when the member first opens a
 * conversation (MessageItem.tsx), so the Messages tab opens with its list only (ARCHITECTURE.md, Budgets:
 * the popup's JavaScript as it opens). Its styles stay in messages.css (see lazy-view.tsx).
 */
export { Thread } from './Thread';
