import { describe, expect, it } from 'vitest';
import { readTokenClaims } from '../../../lib/session/token-claims';
import { AVATAR_TYPE_MESSAGE, checkAvatarFile, sniffImageType } from './avatar-file';
import { passwordStrength } from './password-strength';
import { canOpenSettingsPage, settingsMenu } from './settings-access';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('settings menu (spec §2, §6)', () => {
  const labels = (type: 'business' | 'influencer', username: string) =>
    settingsMenu(type, username).map((item) => item.label);

  it('shows every item to email accounts', () => {
    expect(labels('business', 'b1a2c3')).toEqual([
      'Account Details',
      'Security',
      'Subscriptions',
      'Notification Preferences',
      'Attribution & API keys',
    ]);
    expect(labels('influencer', 'i1a2c3')).toEqual([
      'Account Details',
      'Security',
      'Notification Preferences',
    ]);
  });

  it('hides Security for external accounts, and the influencer notification preferences too', () => {
    expect(labels('business', 'google_1234')).toEqual([
      'Account Details',
      'Subscriptions',
      'Notification Preferences',
      'Attribution & API keys',
    ]);
    expect(labels('business', 'facebook_99')).not.toContain('Security');
    expect(labels('influencer', 'google_1234')).toEqual(['Account Details']);
    expect(labels('influencer', 'facebook_5')).toEqual(['Account Details']);
  });

  it('refuses the hidden pages when opened directly', () => {
    expect(canOpenSettingsPage('business', 'google_1', 'security')).toBe(false);
    expect(canOpenSettingsPage('business', 'google_1', 'notification-preferences')).toBe(true);
    expect(canOpenSettingsPage('influencer', 'google_1', 'notification-preferences')).toBe(false);
    expect(canOpenSettingsPage('influencer', 'abc', 'subscriptions')).toBe(false);
    expect(canOpenSettingsPage('influencer', 'abc', 'attribution')).toBe(false);
    expect(canOpenSettingsPage('business', 'google_1', 'attribution')).toBe(true);
    expect(canOpenSettingsPage('influencer', 'abc', 'security')).toBe(true);
  });
});

describe('avatar file check', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('hello world'))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });

  it('refuses a text file whatever its type says, and files over 2 MB', async () => {
    const text = new Blob(['not an image'], { type: 'image/png' });
    expect(await checkAvatarFile(text)).toBe(AVATAR_TYPE_MESSAGE);
    expect(await checkAvatarFile(new Blob([new Uint8Array(PNG_HEAD)], { type: 'image/png' }))).toBeNull();
    const big = new Blob([new Uint8Array(PNG_HEAD), new Uint8Array(2 * 1024 * 1024)]);
    expect(await checkAvatarFile(big)).toMatch(/at most 2 MB/);
  });
});

describe('password strength hint', () => {
  it('grades by length and variety', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('abc').label).toBe('Too short');
    expect(passwordStrength('aaaaaaaaaaaa').label).toBe('Weak');
    expect(passwordStrength('abcdefgh').label).toBe('Weak');
    expect(passwordStrength('Sunlit-Orchard-88').label).toBe('Strong');
    expect(passwordStrength('x'.repeat(129)).label).toBe('Too long');
  });
});

describe('token claims', () => {
  it('reads the payload of a JWT, and null for anything else', () => {
    // A JWT payload is base64url of the UTF-8 JSON.
    const utf8 = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ given_name: 'Zoë' }))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(readTokenClaims(`h.${utf8}.s`)?.given_name).toBe('Zoë');
    expect(readTokenClaims('garbage')).toBeNull();
    expect(readTokenClaims(null)).toBeNull();
  });
});
