import { errorBody } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  AVATAR_MAX_BYTES,
  updateBusinessBody,
  updateInfluencerBody,
  updateUserBody,
} from '@reach/contract/profile';
import { user as userSchema } from '@reach/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser, requireType } from '../../plugins/auth';
import { presentCurrentUser } from '../users/presenter';
import {
  removeAvatar,
  updateBusinessProfile,
  updateInfluencerProfile,
  updateNames,
  uploadAvatar,
} from './service';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Account settings: names, the business or influencer profile, and the avatar. Each returns the fresh User. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/my/user', {
    schema: {
      tags,
      security,
      summary: 'Update your names',
      body: updateUserBody,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) =>
      presentCurrentUser(ctx, await updateNames(ctx, currentUser(request).id, request.body)),
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
    handler: async (request) =>
      presentCurrentUser(ctx, await updateBusinessProfile(ctx, currentUser(request).id, request.body)),
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
    handler: async (request) =>
      presentCurrentUser(ctx, await updateInfluencerProfile(ctx, currentUser(request).id, request.body)),
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
      if (!file) throw new AppError('validation', API_MESSAGE.avatarRequired);
      const data = await file.toBuffer(); // throws 413 past the limit
      return presentCurrentUser(ctx, await uploadAvatar(ctx, user, data, request.log));
    },
  });

  r.delete('/my/avatar', {
    schema: {
      tags,
      security,
      summary: 'Remove your avatar (initials are shown instead)',
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => presentCurrentUser(ctx, await removeAvatar(ctx, currentUser(request))),
  });
}
