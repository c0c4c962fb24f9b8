/**
 * What muting from the popup needs once the member uses it: a message's mute menu, the muted fold
 * and its Unmute buttons, with the mutes' changes and the kinds' names. One chunk of its own, loaded
 * when a Mute button is pointed at, focused or clicked, or anything is muted (mute-button.tsx), so the
 * Messages tab opens with its list only (ARCHITECTURE.md, Budgets: the popup's JavaScript as it opens).
 */
export { MutedFold } from './MutedFold';
export { MuteMenu } from './MuteMenu';
export { UnmuteButtons } from './UnmuteButtons';
