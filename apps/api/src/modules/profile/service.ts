import crypto from 'node:crypto';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  AVATAR_TYPES,
  type updateBusinessBody,
  type updateInfluencerBody,
  type updateUserBody,
} from '@reach/contract/profile';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { zipLocation } from '../../lib/zip-codes';
import { claimInvitations, deliverAll } from '../connections/service';

/* Account settings: each use case saves its change and returns the fresh user row (the routes present it). */

function loadUser(db: Kysely<DB>, userId: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

function refuse(field: string, message: string): never {
  throw new AppError('validation', message, { [field]: message });
}

async function assertState(db: Kysely<DB>, stateId: number | null | undefined) {
  if (stateId == null) return;
  const found = await db.selectFrom('states').select('id').where('id', '=', stateId).executeTakeFirst();
  if (!found) refuse('state_id', API_MESSAGE.profileStateUnknown);
}

/** PUT /my/user: the person's own names. */
export async function updateNames(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof updateUserBody>,
): Promise<UserRow> {
  await ctx.db
    .updateTable('users')
    .set({ ...body, updated_at: ctx.now() })
    .where('id', '=', userId)
    .execute();
  return loadUser(ctx.db, userId);
}

/** PUT /my/business: the business profile; a state must be one of the list. */
export async function updateBusinessProfile(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof updateBusinessBody>,
): Promise<UserRow> {
  await assertState(ctx.db, body.state_id);
  await ctx.db
    .updateTable('businesses')
    .set({ ...body, updated_at: ctx.now() })
    .where('user_id', '=', userId)
    .execute();
  return loadUser(ctx.db, userId);
}

const socialUrl = (base: string, handle: string | null | undefined) =>
  handle === undefined ? undefined : handle ? `${base}${handle}` : null;

/**
 * PUT /my/influencer: the influencer profile. State, country and interests must be of the lists and the
 * birthdate not in the future (checked in that order, the first refusal wins). The profile, its interests and
 * the invitations its Instagram username claims are saved in one transaction; their notifications go out after.
 */
export async function updateInfluencerProfile(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof updateInfluencerBody>,
): Promise<UserRow> {
  const { db } = ctx;
  const { tags: tagIds, ...fields } = body;
  await assertState(db, fields.state_id);
  if (fields.country_id != null) {
    const found = await db
      .selectFrom('countries')
      .select('id')
      .where('id', '=', fields.country_id)
      .executeTakeFirst();
    if (!found) refuse('country_id', API_MESSAGE.profileCountryUnknown);
  }
  if (fields.birthdate && new Date(fields.birthdate).getTime() > ctx.now().getTime()) {
    refuse('birthdate', API_MESSAGE.profileBirthdateFuture);
  }
  const uniqueTags = tagIds ? [...new Set(tagIds)] : undefined;
  if (uniqueTags?.length) {
    const known = await db.selectFrom('interests').select('id').where('id', 'in', uniqueTags).execute();
    if (known.length !== uniqueTags.length) refuse('tags', API_MESSAGE.profileInterestsUnknown);
  }
  // The ZIP code places the influencer on the map for the directory's radius search.
  const location =
    fields.postal_code === undefined
      ? undefined
      : ((await zipLocation(db, fields.postal_code)) ?? { lat: null, lng: null });
  const pending = await db.transaction().execute(async (trx) => {
    const profile = await trx
      .updateTable('influencer_profiles')
      .set({
        ...fields,
        ...(location ? { lat: location.lat, lng: location.lng } : {}),
        instagram_profile_url: socialUrl('https://instagram.com/', fields.instagram_username),
        facebook_profile_url: socialUrl('https://facebook.com/', fields.facebook_username),
        twitter_profile_url: socialUrl('https://x.com/', fields.twitter_username),
        updated_at: ctx.now(),
      })
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (uniqueTags) {
      await trx.deleteFrom('influencer_interests').where('influencer_id', '=', profile.id).execute();
      if (uniqueTags.length) {
        await trx
          .insertInto('influencer_interests')
          .values(uniqueTags.map((id) => ({ influencer_id: profile.id, interest_id: id })))
          .execute();
      }
    }
    // Invitations imported for this Instagram username become this influencer's connections.
    return fields.instagram_username
      ? claimInvitations(ctx, trx, userId, { instagram: fields.instagram_username })
      : [];
  });
  await deliverAll(ctx, pending);
  return loadUser(db, userId);
}

/**
 * POST /my/avatar: stores the uploaded image (JPEG or PNG, told by its content) as the user's avatar; the
 * previous upload is deleted after (a failure there is only logged).
 */
export async function uploadAvatar(
  ctx: AppContext,
  user: UserRow,
  data: Buffer,
  log: FastifyBaseLogger,
): Promise<UserRow> {
  // Imported with the first upload, not at start (see campaigns/media.ts).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
    refuse('file', API_MESSAGE.avatarType);
  }
  const key = `avatars/${user.id}/${crypto.randomUUID()}.${type.ext}`;
  await ctx.storage.put(key, data, type.mime);
  const previous = user.avatar;
  await ctx.db
    .updateTable('users')
    .set({ avatar: key, avatar_type: 'upload', updated_at: ctx.now() })
    .where('id', '=', user.id)
    .execute();
  if (previous)
    await ctx.storage.delete(previous).catch((err) => log.warn({ err }, 'old avatar not deleted'));
  return loadUser(ctx.db, user.id);
}

/** DELETE /my/avatar: back to initials; the stored image is deleted. */
export async function removeAvatar(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (!user.avatar) throw new AppError('validation', API_MESSAGE.avatarNone);
  await ctx.db
    .updateTable('users')
    .set({ avatar: null, avatar_type: 'initials', updated_at: ctx.now() })
    .where('id', '=', user.id)
    .execute();
  await ctx.storage.delete(user.avatar);
  return loadUser(ctx.db, user.id);
}
