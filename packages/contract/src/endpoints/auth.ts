import {
  changePasswordBody,
  changePasswordResponse,
  confirmBody,
  confirmResponse,
  emailBody,
  loginBody,
  logoutBody,
  providersResponse,
  refreshBody,
  resetPasswordBody,
  signUpBody,
  socialCallbackQuery,
  socialStartQuery,
  tokens,
} from '../auth';
import { message } from '../common';
import { endpoint } from '../endpoint';

const tags = ['auth'];
const errors = [400, 401, 403, 429] as const;

/** JSON identity endpoints: sign-up, confirmation, sign-in, sessions and passwords. */
export const authApi = {
  signUp: endpoint({
    method: 'POST',
    path: '/auth/sign-up',
    tags,
    auth: 'public',
    summary: 'Create a business or influencer account',
    description:
      'Answers the same for an address that already has an account (its owner is mailed instead), so the ' +
      'answer does not reveal who is registered.',
    body: signUpBody,
    status: 201,
    response: message,
    errors,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/auth/confirm',
    tags,
    auth: 'public',
    summary: 'Confirm an email address with its code; with the sign-up password too, also sign in',
    description:
      'A wrong, expired or used-up code, an unknown address and an already confirmed one all get the same 400.',
    body: confirmBody,
    response: confirmResponse,
    errors,
  }),
  resendCode: endpoint({
    method: 'POST',
    path: '/auth/resend-code',
    tags,
    auth: 'public',
    summary: 'Send a new confirmation code',
    body: emailBody,
    response: message,
    errors,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    tags,
    auth: 'public',
    summary: 'Sign in with email and password',
    body: loginBody,
    response: tokens,
    errors,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    tags,
    auth: 'public',
    summary: 'Rotate a refresh token',
    body: refreshBody,
    response: tokens,
    errors,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    tags,
    auth: 'public',
    summary: 'Revoke the session of a refresh token',
    body: logoutBody,
    response: message,
    errors,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    tags,
    auth: 'public',
    summary: 'Mail a password reset code',
    description: 'Answers at once, the same for every address; the mail follows if the account exists.',
    body: emailBody,
    response: message,
    errors,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    tags,
    auth: 'public',
    summary: 'Set a new password with a reset code',
    body: resetPasswordBody,
    response: message,
    errors,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    tags,
    summary: 'Change the password (old and new); other sessions are signed out',
    body: changePasswordBody,
    response: changePasswordResponse,
    errors,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    tags,
    auth: 'public',
    summary: 'Which social sign-ins are configured',
    response: providersResponse,
    errors: [],
  }),
};

/**
 * "Continue with Google / Facebook": browser redirects (302), not JSON. `start` sends the browser to the
 * provider, `callback` signs the person in (or up) and sends them on to the web app.
 */
export const socialAuthApi = {
  googleStart: endpoint({
    method: 'GET',
    path: '/auth/google/start',
    tags,
    auth: 'public',
    summary: 'Start "Continue with Google": redirects to Google (302)',
    description:
      '`type` (business or influencer) is needed only when the Google account has no REACH account yet.',
    query: socialStartQuery,
    errors: [],
  }),
  googleCallback: endpoint({
    method: 'GET',
    path: '/auth/google/callback',
    tags,
    auth: 'public',
    summary: 'Google redirects back here; redirects to the web app with tokens (302)',
    query: socialCallbackQuery,
    errors: [],
  }),
  facebookStart: endpoint({
    method: 'GET',
    path: '/auth/facebook/start',
    tags,
    auth: 'public',
    summary: 'Start "Continue with Facebook": redirects to Facebook (302)',
    description:
      '`type` (business or influencer) is needed only when the Facebook account has no REACH account yet.',
    query: socialStartQuery,
    errors: [],
  }),
  facebookCallback: endpoint({
    method: 'GET',
    path: '/auth/facebook/callback',
    tags,
    auth: 'public',
    summary: 'Facebook redirects back here; redirects to the web app with tokens (302)',
    query: socialCallbackQuery,
    errors: [],
  }),
};
