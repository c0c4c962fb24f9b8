/**
 * What muting from the popup needs once the member uses it: a message's mute menu and the muted
 * fold's Unmute buttons, with the mutes' changes and the kinds' names. One chunk of its own, loaded
 * when a Mute button is pointed at, focused or clicked, or the fold opened (mute-button.tsx), so the
 * Messages tab opens with its list only (ARCHITECTURE.md, Budgets: the popup's JavaScript as it opens).
 */
export { MuteMenu } from './MuteMenu';
export { UnmuteButtons } from './UnmuteButtons';
