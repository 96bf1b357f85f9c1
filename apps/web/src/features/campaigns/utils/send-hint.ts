/**
 * The keyboard shortcut named where it works: "⌘+Enter" on a Mac, "Ctrl+Enter" elsewhere, and nothing on a
 * touch screen without a fine pointer (a phone's keyboard has no Ctrl; the Send button is the way).
 */
export function sendHint(
  platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent,
  coarse = typeof window !== 'undefined' &&
    window.matchMedia?.('(pointer: coarse)').matches === true &&
    window.matchMedia?.('(any-pointer: fine)').matches !== true,
): string {
  if (coarse) return '';
  return /Mac|iPhone|iPad/i.test(platform) ? ' (⌘+Enter to send)' : ' (Ctrl+Enter to send)';
}
