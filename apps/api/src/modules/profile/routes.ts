import crypto from 'node:crypto';
import { errorBody } from '@reach/contract/errors';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  updateBusinessBody,
  updateInfluencerBody,
  updateUserBody,
} from '@reach/contract/profile';
import { user as userSchema } from '@reach/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context';
import { zipLocation } from '../../db/seed/zip-codes';
import { AppError } from '../../lib/app-error';
import { currentUser, requireType } from '../../plugins/auth';
import { claimInvitations, deliverAll } from '../connections/service';
import { presentCurrentUser } from '../users/presenter';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Account settings: names, the business or influencer profile, and the avatar. Each returns the fresh User. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const fresh = async (userId: number) =>
    presentCurrentUser(
      ctx,
      await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    );

  async function assertState(stateId: number | null | undefined) {
    if (stateId == null) return;
    const found = await db.selectFrom('states').select('id').where('id', '=', stateId).executeTakeFirst();
    if (!found)
      throw new AppError('validation', 'Choose a state from the list.', {
        state_id: 'Choose a state from the list.',
      });
  }

  r.put('/my/user', {
    schema: {
      tags,
      security,
      summary: 'Update your names',
      body: updateUserBody,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await db
        .updateTable('users')
        .set({ ...request.body, updated_at: ctx.now() })
        .where('id', '=', user.id)
        .execute();
      return fresh(user.id);
    },
  });

  r.put('/my/business', {
    preHandler: requireType('business'),
    schema: {
      tags,
      security,
      summary: 'Update your business profile',
      body: updateBusinessBody,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await assertState(request.body.state_id);
      await db
        .updateTable('businesses')
        .set({ ...request.body, updated_at: ctx.now() })
        .where('user_id', '=', user.id)
        .execute();
      return fresh(user.id);
    },
  });

  r.put('/my/influencer', {
    preHandler: requireType('influencer'),
    schema: {
      tags,
      security,
      summary: 'Update your influencer profile',
      body: updateInfluencerBody,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { tags: tagIds, ...fields } = request.body;
      await assertState(fields.state_id);
      if (fields.country_id != null) {
        const found = await db
          .selectFrom('countries')
          .select('id')
          .where('id', '=', fields.country_id)
          .executeTakeFirst();
        if (!found)
          throw new AppError('validation', 'Choose a country from the list.', {
            country_id: 'Choose a country from the list.',
          });
      }
      if (fields.birthdate && new Date(fields.birthdate).getTime() > ctx.now().getTime()) {
        throw new AppError('validation', 'The birthdate cannot be in the future.', {
          birthdate: 'The birthdate cannot be in the future.',
        });
      }
      const uniqueTags = tagIds ? [...new Set(tagIds)] : undefined;
      if (uniqueTags?.length) {
        const known = await db.selectFrom('interests').select('id').where('id', 'in', uniqueTags).execute();
        if (known.length !== uniqueTags.length)
          throw new AppError('validation', 'Choose interests from the list.', {
            tags: 'Choose interests from the list.',
          });
      }
      const socialUrl = (base: string, handle: string | null | undefined) =>
        handle === undefined ? undefined : handle ? `${base}${handle}` : null;
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
          .where('user_id', '=', user.id)
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
          ? claimInvitations(ctx, trx, user.id, { instagram: fields.instagram_username })
          : [];
      });
      await deliverAll(ctx, pending);
      return fresh(user.id);
    },
  });

  r.post('/my/avatar', {
    schema: {
      tags,
      security,
      summary: 'Upload an avatar (JPEG or PNG, at most 2 MB; the type is checked by content)',
      consumes: ['multipart/form-data'],
      response: { 200: userSchema, ...errors, 413: errorBody },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('validation', 'Choose an image to upload.');
      const data = await file.toBuffer(); // throws 413 past the limit
      const type = await fileTypeFromBuffer(data);
      if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
        throw new AppError('validation', 'The avatar must be a JPEG or PNG image.', {
          file: 'The avatar must be a JPEG or PNG image.',
        });
      }
      const key = `avatars/${user.id}/${crypto.randomUUID()}.${type.ext}`;
      await ctx.storage.put(key, data, type.mime);
      const previous = user.avatar;
      await db
        .updateTable('users')
        .set({ avatar: key, avatar_type: 'upload', updated_at: ctx.now() })
        .where('id', '=', user.id)
        .execute();
      if (previous)
        await ctx.storage
          .delete(previous)
          .catch((err) => request.log.warn({ err }, 'old avatar not deleted'));
      return fresh(user.id);
    },
  });

  r.delete('/my/avatar', {
    schema: {
      tags,
      security,
      summary: 'Remove your avatar (initials are shown instead)',
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      if (!user.avatar) throw new AppError('validation', 'You have no avatar to remove.');
      await db
        .updateTable('users')
        .set({ avatar: null, avatar_type: 'initials', updated_at: ctx.now() })
        .where('id', '=', user.id)
        .execute();
      await ctx.storage.delete(user.avatar);
      return fresh(user.id);
    },
  });
}
