import { endpoint } from '../endpoint';
import { updateBusinessBody, updateInfluencerBody, updateUserBody } from '../profile';
import { user } from '../user';

const tags = ['settings'];
const errors = [400, 401, 403] as const;

/** Account settings: names, the business or influencer profile, and the avatar. Each answers the fresh User. */
export const profileApi = {
  updateNames: endpoint({
    method: 'PUT',
    path: '/my/user',
    tags,
    summary: 'Update your names',
    body: updateUserBody,
    response: user,
    errors,
  }),
  updateBusiness: endpoint({
    method: 'PUT',
    path: '/my/business',
    tags,
    summary: 'Update your business profile',
    body: updateBusinessBody,
    response: user,
    errors,
  }),
  updateInfluencer: endpoint({
    method: 'PUT',
    path: '/my/influencer',
    tags,
    summary: 'Update your influencer profile',
    body: updateInfluencerBody,
    response: user,
    errors,
  }),
  /** Multipart (field `file`); the web sends it through XMLHttpRequest for upload progress. */
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/my/avatar',
    tags,
    summary: 'Upload an avatar (JPEG or PNG, at most 2 MB; the type is checked by content)',
    consumes: ['multipart/form-data'],
    response: user,
    errors: [...errors, 413],
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: '/my/avatar',
    tags,
    summary: 'Remove your avatar (initials are shown instead)',
    response: user,
    errors,
  }),
};
