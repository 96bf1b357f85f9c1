import { describe, expect, it } from 'vitest';
import { sendHint } from './send-hint';

describe('the message box hint fits the device (issue 13)', () => {
  it.each([
    ['Win32', false, ' (Ctrl+Enter to send)'],
    ['Linux x86_64', false, ' (Ctrl+Enter to send)'],
    ['MacIntel', false, ' (⌘+Enter to send)'],
    ['iPhone', true, ''],
    ['Linux armv8l', true, ''],
  ])('%s, touch only %s → %j', (platform, coarse, hint) => {
    expect(sendHint(platform, coarse)).toBe(hint);
  });
});
