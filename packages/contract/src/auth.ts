import { z } from 'zod';
import { message } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGN_UP_TYPES } from './constants';
import { API_MESSAGE } from './messages';

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254));

export const password = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { error: API_MESSAGE.passwordLength })
  .max(PASSWORD_MAX_LENGTH, { error: API_MESSAGE.passwordLength });

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(100, { error: `${label} must be at most 100 characters.` });

export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'The code has 6 digits.' });

/** POST /auth/sign-up */
export const signUpBody = z.object({
  email,
  password,
  given_name: personName('Given name'),
  family_name: personName('Family name'),
  type: z.enum(SIGN_UP_TYPES, { error: 'Choose business or influencer.' }),
  /** Signed invite token from GET /invite/generate, if the person came from an invite link. */
  invite: z.string().max(2000).optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** POST /auth/confirm */
export const confirmBody = z.object({
  email,
  code,
  password: z
    .string()
    .max(1024)
    .optional()
    .describe('The password chosen at sign-up; when it is right, the answer signs the person in'),
});
/** POST /auth/resend-code and POST /auth/forgot-password */
export const emailBody = z.object({ email });
/** POST /auth/login */
export const loginBody = z.object({
  email,
  password: z.string().min(1, { error: 'Password is required.' }).max(1024),
});
/** POST /auth/refresh and POST /auth/logout */
export const refreshBody = z.object({ refresh_token: z.string().min(10).max(500) });
export const logoutBody = z.object({ refresh_token: z.string().min(10).max(500).optional() });
/** POST /auth/reset-password */
export const resetPasswordBody = z.object({ email, code, password });
/** POST /auth/change-password */
export const changePasswordBody = z.object({
  old_password: z.string().min(1, { error: 'Your current password is required.' }).max(1024),
  new_password: password,
});

/** Tokens returned by login, refresh and social sign-in. */
export const tokens = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int().describe('Seconds until the access token expires'),
    token_type: z.literal('Bearer'),
  })
  .meta({ id: 'Tokens' });
export type Tokens = z.infer<typeof tokens>;

/**
 * POST /auth/confirm: `tokens` only when the request also carried the account's password. The code alone
 * proves the mailbox but not who chose the password, so it never signs in by itself: someone who signed up
 * with another person's address cannot end up sharing the account its owner then confirms.
 */
export const confirmResponse = message.extend({ tokens: tokens.nullable() });
export type ConfirmResponse = z.infer<typeof confirmResponse>;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** GET /auth/providers — which social sign-ins this server has configured. */
export const providersResponse = z.object({ google: z.boolean(), facebook: z.boolean() });

/** POST /auth/change-password: fresh tokens for this session, and a message. */
export const changePasswordResponse = tokens.extend(message.shape);

/** GET /auth/{provider}/start: `type` is needed only when the provider's account has no REACH account yet. */
export const socialStartQuery = z.object({
  type: z.enum(SIGN_UP_TYPES, { error: 'Choose business or influencer.' }).optional(),
  invite: z.string().max(2000).optional(),
});

/** GET /auth/{provider}/callback: what the provider sends back (other parameters pass through). */
export const socialCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(1024).optional(),
});

/** The claims of REACH access tokens (spec §3 "Identity token claims read"). */
export type AccessClaims = {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  username: string;
  type: 'business' | 'influencer' | 'admin';
  /** The user's token version at signing; a token of an older version is refused (see users.token_version). */
  token_version: number;
  /**
   * Spec §3 "a facebook auth token taken from the nickname attribute": the Facebook access token of the user's
   * latest Facebook sign-in; absent when there is none (spec §8: the web warns and holds null).
   */
  nickname?: string;
};
