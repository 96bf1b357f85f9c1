import {
  changePasswordBody,
  confirmBody,
  confirmResponse,
  emailBody,
  loginBody,
  logoutBody,
  providersResponse,
  refreshBody,
  resetPasswordBody,
  signUpBody,
  tokens,
} from '@reach/contract/auth';
import { message } from '@reach/contract/common';
import { errorBody } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createFixedWindowLimiter } from '../../lib/fixed-window-limiter';
import { currentUser } from '../../plugins/auth';
import { type AuthService, settleAuthWork } from './service';

const tags = ['auth'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** JSON identity endpoints under /api/v1/auth. Rate limited per IP (route config) and per account. */
export async function authRoutes(
  app: FastifyInstance,
  { ctx, auth }: { ctx: AppContext; auth: AuthService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Mails queued after an answer are sent before the database closes.
  app.addHook('onClose', async () => settleAuthWork(ctx));
  const limits = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };
  const perIp = { public: true, rateLimit: limits };
  // A second limit keyed by the account the request is about, so one address cannot be hammered from many IPs.
  const accounts = createFixedWindowLimiter({ max: limits.max, windowMs: limits.timeWindow });
  const perAccount = async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string') accounts.hit(email);
  };

  r.post('/sign-up', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Create a business or influencer account',
      description:
        'Answers the same for an address that already has an account (its owner is mailed instead), so the ' +
        'answer does not reveal who is registered.',
      body: signUpBody,
      response: { 201: message, ...errors },
    },
    handler: async (request, reply) => {
      await auth.signUp(request.body);
      return reply.status(201).send({ message: API_MESSAGE.signUpMailed });
    },
  });

  r.post('/confirm', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Confirm an email address with its code; with the sign-up password too, also sign in',
      description:
        'A wrong, expired or used-up code, an unknown address and an already confirmed one all get the same 400.',
      body: confirmBody,
      response: { 200: confirmResponse, ...errors },
    },
    handler: async (request) => {
      const { email, code, password } = request.body;
      const tokens = await auth.confirm(email, code, password);
      return { message: tokens ? API_MESSAGE.confirmedSignedIn : API_MESSAGE.confirmed, tokens };
    },
  });

  r.post('/resend-code', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Send a new confirmation code',
      body: emailBody,
      response: { 200: message, ...errors },
    },
    handler: async (request) => {
      auth.resendCode(request.body.email);
      return { message: API_MESSAGE.codeSent };
    },
  });

  r.post('/login', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Sign in with email and password',
      body: loginBody,
      response: { 200: tokens, ...errors },
    },
    handler: async (request) => auth.login(request.body.email, request.body.password),
  });

  r.post('/refresh', {
    config: { public: true, rateLimit: { ...limits, max: limits.max * 6 } },
    schema: {
      tags,
      summary: 'Rotate a refresh token',
      body: refreshBody,
      response: { 200: tokens, ...errors },
    },
    handler: async (request) => auth.refresh(request.body.refresh_token),
  });

  r.post('/logout', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Revoke the session of a refresh token',
      body: logoutBody,
      response: { 200: message, ...errors },
    },
    handler: async (request) => {
      await auth.logout(request.body.refresh_token);
      return { message: API_MESSAGE.loggedOut };
    },
  });

  r.post('/forgot-password', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Mail a password reset code',
      description: 'Answers at once, the same for every address; the mail follows if the account exists.',
      body: emailBody,
      response: { 200: message, ...errors },
    },
    handler: async (request) => {
      auth.forgotPassword(request.body.email);
      return { message: API_MESSAGE.codeSent };
    },
  });

  r.post('/reset-password', {
    config: perIp,
    preHandler: perAccount,
    schema: {
      tags,
      summary: 'Set a new password with a reset code',
      body: resetPasswordBody,
      response: { 200: message, ...errors },
    },
    handler: async (request) => {
      await auth.resetPassword(request.body.email, request.body.code, request.body.password);
      return { message: API_MESSAGE.passwordReset };
    },
  });

  r.post('/change-password', {
    config: { rateLimit: limits },
    schema: {
      tags,
      summary: 'Change the password (old and new); other sessions are signed out',
      security: [{ bearer: [] }],
      body: changePasswordBody,
      response: { 200: tokens.extend(message.shape), ...errors },
    },
    handler: async (request) => {
      const fresh = await auth.changePassword(
        currentUser(request).id,
        request.body.old_password,
        request.body.new_password,
      );
      return { ...fresh, message: API_MESSAGE.passwordChanged };
    },
  });

  r.get('/providers', {
    config: { public: true },
    schema: { tags, summary: 'Which social sign-ins are configured', response: { 200: providersResponse } },
    handler: async () => ({
      google: !!(ctx.config.GOOGLE_CLIENT_ID && ctx.config.GOOGLE_CLIENT_SECRET),
      facebook: !!(ctx.config.FACEBOOK_APP_ID && ctx.config.FACEBOOK_APP_SECRET),
    }),
  });
}
