import { z } from 'zod';
import { id, pagingQuery } from './common';
import { USER_TYPES } from './constants';
import { subscriptionMetadata } from './user';

/*
 * Users administration (spec §2 /admin/users, §7 GET /users with paging, userSearch and type). Admins list and
 * inspect every account, suspend and reactivate them, and grant discovery credits to businesses. Every action
 * is written to the audit log with the admin who took it.
 */

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Most credits one grant may add, and the most a balance may hold. */
export const MAX_CREDIT_GRANT = 1_000_000;
export const MAX_CREDIT_BALANCE = 1_000_000_000;

/** `name` is the business name for businesses (when set), else the person's name. */
export const USER_SORT_KEYS = [
  'name',
  'email',
  'type',
  'status',
  'created_at',
  'last_seen_at',
  'credits',
] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const noNul = (v: string) => !v.includes('\u0000');

/** GET /users (admin). */
export const usersQuery = pagingQuery(USER_SORT_KEYS, 'name').extend({
  userSearch: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(100, { error: 'The search can be at most 100 characters.' })
        .refine(noNul, { error: 'The search contains a character that is not allowed.' })
        .optional(),
    )
    .describe('Part of the name, business name or email (case-insensitive)'),
  type: z.preprocess(blankToUndefined, z.enum(USER_TYPES).optional()).describe('Only users of this type'),
  status: z
    .preprocess(blankToUndefined, z.enum(USER_STATUSES).optional())
    .describe('Only active or suspended'),
});
export type UsersQuery = z.input<typeof usersQuery>;

/** A user in the admin table: whitelisted fields only (no password, tokens or identities). */
export const adminUser = z
  .object({
    id: z.number().int(),
    type: z.enum(USER_TYPES),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    status: z.enum(USER_STATUSES),
    avatar_url: z.string().nullable(),
    credits: z.number().int(),
    external: z.boolean().describe('Signs in with Google or Facebook'),
    email_confirmed: z.boolean(),
    business_id: z.number().int().nullable().describe('businesses.id of a business user (campaign filters)'),
    business_name: z.string().nullable(),
    subscription: subscriptionMetadata.nullable().describe('Businesses only'),
    created_at: z.string(),
    last_seen_at: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUser>;
export const usersPage = z.object({ data: z.array(adminUser), total: z.number().int() });
export type UsersPage = z.infer<typeof usersPage>;

/** One entry of the audit log, as admins read it. */
export const auditEntry = z
  .object({
    id: z.number().int(),
    action: z.string().describe('e.g. user.suspended, user.credits_granted'),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

/** What the calling admin may do with this user now (never anything to their own account). */
export const adminUserAbilities = z.object({
  suspend: z.boolean(),
  reactivate: z.boolean(),
  grant_credits: z.boolean(),
});
export type AdminUserAbilities = z.infer<typeof adminUserAbilities>;

/** GET /admin/users/{id}: the user drawer. */
export const adminUserDetail = adminUser
  .extend({
    given_name: z.string(),
    family_name: z.string(),
    business: z
      .object({
        type: z.string().nullable(),
        business_name: z.string().nullable(),
        address_1: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        postal_code: z.string().nullable(),
        website: z.string().nullable(),
      })
      .nullable(),
    influencer: z
      .object({
        city: z.string().nullable(),
        state: z.string().nullable(),
        country: z.string().nullable(),
        instagram_username: z.string().nullable(),
        tiktok_username: z.string().nullable(),
        youtube_username: z.string().nullable(),
        tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
      })
      .nullable(),
    counts: z.object({
      campaigns: z.number().int().describe("A business's campaigns (every status)"),
      feedback: z.number().int().describe('Feedback this user sent'),
    }),
    history: z.array(auditEntry).describe('The latest admin actions on this account, newest first'),
    abilities: adminUserAbilities,
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const userIdParams = z.object({ id });

/** POST /admin/users/{id}/suspend and /reactivate: an optional note kept in the audit log. */
export const userStatusBody = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: 'The reason can be at most 500 characters.' })
    .refine(noNul, { error: 'The reason contains a character that is not allowed.' })
    .optional(),
});
export type UserStatusBody = z.input<typeof userStatusBody>;

/** POST /admin/users/{id}/credits: add discovery credits to a business. */
export const grantCreditsBody = z.object({
  amount: z
    .number({ error: 'Enter the number of credits to grant.' })
    .int({ error: 'Credits are whole numbers.' })
    .min(1, { error: 'Grant at least 1 credit.' })
    .max(MAX_CREDIT_GRANT, {
      error: `Grant at most ${MAX_CREDIT_GRANT.toLocaleString('en-US')} credits at once.`,
    }),
  reason: z
    .string({ error: 'Say why the credits are granted.' })
    .trim()
    .min(1, { error: 'Say why the credits are granted.' })
    .max(500, { error: 'The reason can be at most 500 characters.' })
    .refine(noNul, { error: 'The reason contains a character that is not allowed.' }),
});
export type GrantCreditsBody = z.input<typeof grantCreditsBody>;
