import { describe, expect, it } from 'vitest';
import { API_MESSAGE } from './messages';
import { normalizeWebsite, updateBusinessBody, updateInfluencerBody } from './profile';

describe('website fields', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/shop?x=1#top', 'http://example.com/shop?x=1#top'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['example.com', 'https://example.com'],
    ['www.example.co.uk/about', 'https://www.example.co.uk/about'],
    ['example.com:8080/shop', 'https://example.com:8080/shop'],
    ['//example.com', 'https://example.com'],
    ['bücher.example', 'https://bücher.example'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normalizeWebsite(input)).toEqual({ ok: stored });
    // Saving the stored value again changes nothing.
    expect(normalizeWebsite(stored)).toEqual({ ok: stored });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'javascript://%0aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'mailto:owner@example.com',
    'ftp://example.com',
    'file:///etc/passwd',
  ])('refuses the non-web scheme of %s', (input) => {
    expect(normalizeWebsite(input)).toEqual({ error: API_MESSAGE.websiteScheme('Website') });
  });

  it.each([
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript:1',
    'not a url',
    'localhost:3000',
    'https://',
    'https:example.com',
    'https:\\\\example.com',
    'https://bank.example@evil.example',
    'https://user:secret@example.com',
    'example',
    'https://example..com',
    'https://exam\u0000ple.com',
    'example.com\u007f',
  ])('refuses %j', (input) => {
    expect(normalizeWebsite(input)).toEqual({ error: API_MESSAGE.websiteInvalid('Website') });
  });

  it('normalizes in the profile schemas, clears on an empty string and answers a clear field message', () => {
    expect(updateBusinessBody.parse({ website: ' example.com ' }).website).toBe('https://example.com');
    expect(updateInfluencerBody.parse({ website: 'http://me.example' }).website).toBe('http://me.example');
    expect(updateBusinessBody.parse({ website: '' }).website).toBeNull();
    expect(updateBusinessBody.parse({ website: null }).website).toBeNull();
    expect(updateBusinessBody.parse({}).website).toBeUndefined();
    for (const schema of [updateBusinessBody, updateInfluencerBody]) {
      const result = schema.safeParse({ website: 'javascript:alert(1)' });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['website'], message: API_MESSAGE.websiteScheme('Website') }),
      ]);
    }
  });
});
