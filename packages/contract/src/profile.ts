import { z } from 'zod';
import { GENDERS } from './constants';
import type { Business, InfluencerProfile } from './user';

const text = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const url = (label: string) =>
  z
    .union([z.literal(''), z.url({ error: `${label} must be a full web address (https://…).` }).max(500)])
    .transform((v) => (v === '' ? null : v))
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
  state_id: z.coerce.number().int().positive().nullable().optional(),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, { error: 'Enter a 5-digit ZIP code.' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  website: url('Website'),
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
  state_id: z.coerce.number().int().positive().nullable().optional(),
  country_id: z.coerce.number().int().positive().nullable().optional(),
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
  website: url('Website'),
  instagram_username: handle('Instagram username'),
  facebook_username: handle('Facebook username'),
  twitter_username: handle('X (Twitter) username'),
  tiktok_username: handle('TikTok username'),
  youtube_username: handle('YouTube channel'),
  tags: z
    .array(z.coerce.number().int().positive())
    .max(20, { error: 'Choose at most 20 interests.' })
    .optional(),
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
