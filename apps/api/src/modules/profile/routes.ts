import { profileApi } from '@reach/contract/endpoints/profile';
import { API_MESSAGE } from '@reach/contract/messages';
import { AVATAR_MAX_BYTES } from '@reach/contract/profile';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/endpoint';
import { currentUser, requireType } from '../../plugins/auth';
import { multipartForms } from '../../plugins/external/uploads';
import { getCurrentUser } from '../users/service';
import {
  removeAvatar,
  updateBusinessProfile,
  updateInfluencerProfile,
  updateNames,
  uploadAvatar,
} from './service';

/** Account settings: names, the business or influencer profile, and the avatar. Each returns the fresh User. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipartForms);
  route(app, profileApi.updateNames, {}, async (request) =>
    getCurrentUser(ctx, await updateNames(ctx, currentUser(request).id, request.body)),
  );

  route(app, profileApi.updateBusiness, { preHandler: requireType('business') }, async (request) =>
    getCurrentUser(ctx, await updateBusinessProfile(ctx, currentUser(request).id, request.body)),
  );

  route(app, profileApi.updateInfluencer, { preHandler: requireType('influencer') }, async (request) =>
    getCurrentUser(ctx, await updateInfluencerProfile(ctx, currentUser(request).id, request.body)),
  );

  route(app, profileApi.uploadAvatar, {}, async (request) => {
    const user = currentUser(request);
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('validation', API_MESSAGE.avatarRequired);
    const data = await file.toBuffer(); // throws 413 past the limit
    return getCurrentUser(ctx, await uploadAvatar(ctx, user, data, request.log));
  });

  route(app, profileApi.removeAvatar, {}, async (request) =>
    getCurrentUser(ctx, await removeAvatar(ctx, currentUser(request))),
  );
}
