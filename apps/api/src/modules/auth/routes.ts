import { authApi } from '@reach/contract/endpoints/auth';
import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { createKeyedLimiter } from '../../lib/fixed-window-limiter';
import { currentUser } from '../../plugins/auth';
import { type AuthService, settleAuthWork } from './service';

/** JSON identity endpoints under /api/v1/auth. Rate limited per IP (route config) and per account. */
export async function authRoutes(
  app: FastifyInstance,
  { ctx, auth }: { ctx: AppContext; auth: AuthService },
) {
  // Mails queued after an answer are sent before the database closes.
  app.addHook('onClose', async () => settleAuthWork(ctx));
  const limits = { max: ctx.config.RATE_LIMIT_AUTH_MAX, timeWindow: ctx.config.RATE_LIMIT_WINDOW_MS };
  // A second limit keyed by the account the request is about, so one address cannot be hammered from many IPs
  // (shared by the replicas through Redis, like the per-IP one).
  const accounts = createKeyedLimiter(app, { max: limits.max, windowMs: limits.timeWindow, name: 'account' });
  const perAccount = async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string') await accounts.hit(request, email);
  };
  const limited = { config: { rateLimit: limits }, preHandler: perAccount };

  route(app, authApi.signUp, limited, async (request) => {
    await auth.signUp(request.body);
    return { message: API_MESSAGE.signUpMailed };
  });

  route(app, authApi.confirm, limited, async (request) => {
    const { email, code, password } = request.body;
    const tokens = await auth.confirm(email, code, password);
    return { message: tokens ? API_MESSAGE.confirmedSignedIn : API_MESSAGE.confirmed, tokens };
  });

  route(app, authApi.resendCode, limited, async (request) => {
    auth.resendCode(request.body.email);
    return { message: API_MESSAGE.codeSent };
  });

  route(app, authApi.login, limited, async (request) =>
    auth.login(request.body.email, request.body.password),
  );

  route(
    app,
    authApi.refresh,
    { config: { rateLimit: { ...limits, max: limits.max * 6 } } },
    async (request) => auth.refresh(request.body.refresh_token),
  );

  route(app, authApi.logout, {}, async (request) => {
    await auth.logout(request.body.refresh_token);
    return { message: API_MESSAGE.loggedOut };
  });

  route(app, authApi.forgotPassword, limited, async (request) => {
    auth.forgotPassword(request.body.email);
    return { message: API_MESSAGE.codeSent };
  });

  route(app, authApi.resetPassword, limited, async (request) => {
    await auth.resetPassword(request.body.email, request.body.code, request.body.password);
    return { message: API_MESSAGE.passwordReset };
  });

  route(app, authApi.changePassword, { config: { rateLimit: limits } }, async (request) => {
    const { old_password, new_password } = request.body;
    const fresh = await auth.changePassword(currentUser(request).id, old_password, new_password);
    return { ...fresh, message: API_MESSAGE.passwordChanged };
  });

  route(app, authApi.providers, {}, async () => ({
    google: !!(ctx.config.GOOGLE_CLIENT_ID && ctx.config.GOOGLE_CLIENT_SECRET),
    facebook: !!(ctx.config.FACEBOOK_APP_ID && ctx.config.FACEBOOK_APP_SECRET),
  }));
}
