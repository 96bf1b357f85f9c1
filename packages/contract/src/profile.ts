import { z } from 'zod';
import { id } from './common';
import { GENDERS } from './constants';
import { API_MESSAGE } from './messages';
import type { Business, InfluencerProfile } from './user';

const text = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Whether `value` holds an ASCII control character (U+0000–U+001F or DEL). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

const httpAddress = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/**
 * The website address to store for what someone typed, or why it is refused. Only http(s) addresses pass, so a
 * stored website is always safe in a link's href (`javascript:`, `data:` and the like are refused); a bare domain
 * ("example.com", "example.com:8080/shop") gets `https://` in front. Idempotent: a stored value passes unchanged.
 */
export function normalizeWebsite(value: string, label = 'Website'): { ok: string } | { error: string } {
  const invalid = { error: API_MESSAGE.websiteInvalid(label) };
  // Browsers drop tabs and newlines inside a URL ("java\tscript:"), so a scheme could hide behind them.
  if (value === '' || /\s/.test(value) || hasControlCharacter(value)) return invalid;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  // "example.com:8080" looks like a scheme followed by a port; it is a host.
  const hostWithPort = /^[^/?#@]+:\d+(?:[/?#]|$)/.test(value);
  let candidate: string;
  if (value.startsWith('//')) candidate = `https:${value}`;
  else if (scheme && !hostWithPort) {
    if (!/^https?$/i.test(scheme)) return { error: API_MESSAGE.websiteScheme(label) };
    // "https:example.com" is a relative link on an https page; ask for the usual form.
    if (!/^https?:\/\//i.test(value)) return invalid;
    candidate = value;
  } else candidate = `https://${value}`;
  // A dotted host name, and no "user:password@" part (https://bank.example@evil.example reads as the bank).
  if (!httpAddress.safeParse(candidate).success || /^[a-z]+:\/\/[^/?#]*@/i.test(candidate)) return invalid;
  return { ok: candidate };
}

/** A website field: '' clears it; anything else must be an http(s) address or a bare domain (see normalizeWebsite). */
const website = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { error: `${label} must be at most 500 characters.` })
    .transform((value, ctx) => {
      if (value === '') return null;
      const result = normalizeWebsite(value, label);
      if ('ok' in result) return result.ok;
      ctx.issues.push({ code: 'custom', message: result.error, input: value });
      return z.NEVER;
    })
    .nullable()
    .optional();

const handle = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(
      z.string().regex(/^[A-Za-z0-9._-]{0,60}$/, {
        error: `${label} may contain letters, digits, dots, dashes and underscores.`,
      }),
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** PUT /my/user: the person's own names. */
export const updateUserBody = z.object({
  given_name: z.string().trim().min(1, { error: 'Given name is required.' }).max(100),
  family_name: z.string().trim().min(1, { error: 'Family name is required.' }).max(100),
});

/** PUT /my/business: the business profile (spec §3 Business). */
export const updateBusinessBody = z.object({
  type: text('Business type', 100),
  business_name: text('Business name', 200),
  address_1: text('Address', 200),
  city: text('City', 100),
  state_id: id.nullable().optional(),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, { error: 'Enter a 5-digit ZIP code.' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  website: website('Website'),
  description: text('Description', 2000),
});
export type UpdateBusinessBody = z.input<typeof updateBusinessBody>;

/** PUT /my/influencer: the influencer profile (spec §3 Influencer). */
export const updateInfluencerBody = z.object({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  phone_number: z
    .string()
    .trim()
    .regex(/^[+\d][\d\s().-]{0,24}$|^$/, { error: 'Enter a valid phone number.' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  address_1: text('Address', 200),
  address_2: text('Address line 2', 200),
  city: text('City', 100),
  state_id: id.nullable().optional(),
  country_id: id.nullable().optional(),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, { error: 'Enter a 5-digit ZIP code.' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  birthdate: z
    .union([z.literal(''), z.iso.date({ error: 'Enter a valid date.' })])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  bio: text('Bio', 1000),
  website: website('Website'),
  instagram_username: handle('Instagram username'),
  facebook_username: handle('Facebook username'),
  twitter_username: handle('X (Twitter) username'),
  tiktok_username: handle('TikTok username'),
  youtube_username: handle('YouTube channel'),
  tags: z.array(id).max(20, { error: 'Choose at most 20 interests.' }).optional(),
});
export type UpdateInfluencerBody = z.input<typeof updateInfluencerBody>;

/** Spec §5: business profile complete only if type, business_name, address_1, state_id (non-zero), postal_code and city are present. */
export function isBusinessProfileComplete(
  b:
    | Pick<Business, 'type' | 'business_name' | 'address_1' | 'state_id' | 'postal_code' | 'city'>
    | null
    | undefined,
): boolean {
  return !!(b?.type && b.business_name && b.address_1 && b.state_id && b.postal_code && b.city);
}

/** Spec §5: influencer profile complete only if birthdate, tags (≥ 1), address_1, state_id, postal_code, city and gender are present. */
export function isInfluencerProfileComplete(
  p:
    | Pick<
        InfluencerProfile,
        'birthdate' | 'tags' | 'address_1' | 'state_id' | 'postal_code' | 'city' | 'gender'
      >
    | null
    | undefined,
): boolean {
  return !!(
    p?.birthdate &&
    p.tags.length > 0 &&
    p.address_1 &&
    p.state_id &&
    p.postal_code &&
    p.city &&
    p.gender
  );
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
