import crypto from 'node:crypto';
import type { SignUpBody, Tokens } from '@reach/contract/auth';
import { REFRESH_TOKEN_TTL_SECONDS, TRIAL_DAYS, type UserType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/secrets';
import { claimInvitations, redeemInvite } from '../connections/service';
import { consumeCode, issueCode } from './codes';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';

export type AuthService = ReturnType<typeof createAuthService>;

type NewAccount = {
  email: string;
  given_name: string;
  family_name: string;
  type: UserType;
  username?: string;
  confirmed?: boolean;
};

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  async function findUserByEmail(email: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  function assertUsablePassword(password: string, field = 'password') {
    if (isCommonPassword(password)) {
      throw new AppError('validation', API_MESSAGE.commonPassword, { [field]: API_MESSAGE.commonPassword });
    }
  }

  async function sendCodeMail(to: string, purpose: 'confirm' | 'reset', code: string) {
    const subject = purpose === 'confirm' ? 'Your REACH confirmation code' : 'Your REACH password reset code';
    const intro =
      purpose === 'confirm'
        ? 'Welcome to REACH! Use this code to confirm your email address:'
        : 'Use this code to reset your REACH password:';
    const url = `${ctx.config.publicUrl}/auth/${purpose === 'confirm' ? 'confirm' : 'reset-password'}?email=${encodeURIComponent(to)}`;
    ctx.log.info(`${purpose === 'confirm' ? 'confirmation' : 'reset'} code for ${to}: ${code}`);
    await ctx.mailer.send({
      to,
      subject,
      text: `${intro}\n\n${code}\n\nThe code expires in 24 hours. Enter it at ${url}\n\nIf you did not ask for this, ignore this mail.`,
      html: `<p>${intro}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>The code expires in 24 hours. <a href="${url}">Enter it here</a>.</p><p>If you did not ask for this, ignore this mail.</p>`,
    });
  }

  /**
   * Creates a user with the rows its type needs: a business profile with the 7-day Pro trial, or an
   * influencer profile. Used by sign-up, social sign-in, the seed and the admin CLI.
   */
  async function createAccount(trx: Kysely<DB>, account: NewAccount): Promise<UserRow> {
    const now = ctx.now();
    const user = await trx
      .insertInto('users')
      .values({
        type: account.type,
        email: account.email,
        username: account.username ?? crypto.randomUUID(),
        given_name: account.given_name,
        family_name: account.family_name,
        email_confirmed_at: account.confirmed ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (account.type === 'business') {
      await trx.insertInto('businesses').values({ user_id: user.id }).execute();
      await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          plan: 'pro',
          status: 'trialing',
          trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        })
        .execute();
    } else if (account.type === 'influencer') {
      await trx
        .insertInto('influencer_profiles')
        .values({
          user_id: user.id,
          first_name: account.given_name,
          last_name: account.family_name,
          email: account.email,
        })
        .execute();
    }
    return user;
  }

  async function issueTokens(user: UserRow, familyId: string = crypto.randomUUID()): Promise<Tokens> {
    const refreshToken = randomToken();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        family_id: familyId,
        token_hash: sha256(refreshToken),
        expires_at: new Date(ctx.now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      })
      .execute();
    const accessToken = await ctx.tokens.sign({
      sub: String(user.id),
      email: user.email,
      given_name: user.given_name,
      family_name: user.family_name,
      username: user.username,
      type: user.type,
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ctx.tokens.expiresIn,
      token_type: 'Bearer',
    };
  }

  async function revokeFamily(familyId: string) {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: ctx.now() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async function revokeAllForUser(userId: number) {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: ctx.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  function assertActive(user: UserRow) {
    if (user.status !== 'active') throw new AppError('account_suspended', API_MESSAGE.accountSuspended);
  }

  return {
    createAccount,
    issueTokens,
    findUserByEmail,

    async signUp(body: SignUpBody): Promise<{ user: UserRow }> {
      assertUsablePassword(body.password);
      if (await findUserByEmail(body.email)) {
        throw new AppError('conflict', API_MESSAGE.emailTaken, { email: API_MESSAGE.emailTaken });
      }
      const passwordHash = await hashPassword(body.password);
      const { user, code } = await db.transaction().execute(async (trx) => {
        const user = await createAccount(trx, body);
        await trx
          .insertInto('identities')
          .values({
            user_id: user.id,
            provider: 'password',
            subject: String(user.id),
            password_hash: passwordHash,
          })
          .execute();
        // Signing up from an invite link: the invitation connection exists from the start (its notification
        // waits in the app; nothing is mailed before the address is confirmed). A stale link only loses that.
        if (user.type === 'influencer' && body.invite) {
          const claims = await ctx.tokens.verifyInvite(body.invite);
          if (claims) await redeemInvite(ctx, trx, user.id, claims);
        }
        const code = await issueCode(trx, user.id, 'confirm', ctx.now());
        return { user, code };
      });
      await sendCodeMail(user.email, 'confirm', code);
      return { user };
    },

    async confirm(email: string, code: string) {
      const user = await findUserByEmail(email);
      if (!user) throw new AppError('validation', API_MESSAGE.codeInvalid, { code: API_MESSAGE.codeInvalid });
      if (user.email_confirmed_at) throw new AppError('conflict', API_MESSAGE.alreadyConfirmed);
      await consumeCode(db, user.id, 'confirm', code, ctx.now(), async (trx) => {
        await trx
          .updateTable('users')
          .set({ email_confirmed_at: ctx.now() })
          .where('id', '=', user.id)
          .execute();
        // The address is proven now: invitations imported for it become this influencer's connections.
        if (user.type === 'influencer') await claimInvitations(ctx, trx, user.id, { email: user.email });
      });
    },

    async resendCode(email: string) {
      const user = await findUserByEmail(email);
      if (!user || user.email_confirmed_at) return;
      const code = await issueCode(db, user.id, 'confirm', ctx.now());
      await sendCodeMail(user.email, 'confirm', code);
    },

    async login(email: string, password: string): Promise<Tokens> {
      const user = await findUserByEmail(email);
      const identity = user
        ? await db
            .selectFrom('identities')
            .select('password_hash')
            .where('user_id', '=', user.id)
            .where('provider', '=', 'password')
            .executeTakeFirst()
        : undefined;
      const ok = await verifyPassword(identity?.password_hash ?? (await dummyPasswordHash()), password);
      if (!user || !identity?.password_hash || !ok)
        throw new AppError('unauthenticated', API_MESSAGE.wrongCredentials);
      if (!user.email_confirmed_at) throw new AppError('forbidden', API_MESSAGE.notConfirmed);
      assertActive(user);
      await db.updateTable('users').set({ last_seen_at: ctx.now() }).where('id', '=', user.id).execute();
      return issueTokens(user);
    },

    /**
     * Rotates a refresh token. Presenting a token that was already rotated means it leaked: the whole
     * family (every token descended from the same sign-in) is revoked.
     */
    async refresh(refreshToken: string): Promise<Tokens> {
      const row = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (!row || row.revoked_at || row.expires_at.getTime() <= ctx.now().getTime()) {
        throw new AppError('unauthenticated', API_MESSAGE.refreshInvalid);
      }
      const claimed = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: ctx.now() })
        .where('id', '=', row.id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) {
        await revokeFamily(row.family_id);
        ctx.log.warn({ userId: row.user_id }, 'refresh token reuse detected; token family revoked');
        throw new AppError('unauthenticated', API_MESSAGE.refreshInvalid);
      }
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      assertActive(user);
      return issueTokens(user, row.family_id);
    },

    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const row = await db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (row) await revokeFamily(row.family_id);
    },

    async forgotPassword(email: string) {
      const user = await findUserByEmail(email);
      if (!user) return;
      const hasPassword = await db
        .selectFrom('identities')
        .select('id')
        .where('user_id', '=', user.id)
        .where('provider', '=', 'password')
        .executeTakeFirst();
      if (!hasPassword) return;
      const code = await issueCode(db, user.id, 'reset', ctx.now());
      await sendCodeMail(user.email, 'reset', code);
    },

    async resetPassword(email: string, code: string, password: string) {
      assertUsablePassword(password);
      const user = await findUserByEmail(email);
      if (!user) throw new AppError('validation', API_MESSAGE.codeInvalid, { code: API_MESSAGE.codeInvalid });
      const passwordHash = await hashPassword(password);
      await consumeCode(db, user.id, 'reset', code, ctx.now(), async (trx) => {
        await trx
          .updateTable('identities')
          .set({ password_hash: passwordHash, updated_at: ctx.now() })
          .where('user_id', '=', user.id)
          .where('provider', '=', 'password')
          .execute();
        // Receiving the code proves the mailbox, so an unconfirmed account is confirmed too.
        if (!user.email_confirmed_at) {
          await trx
            .updateTable('users')
            .set({ email_confirmed_at: ctx.now() })
            .where('id', '=', user.id)
            .execute();
        }
      });
      await revokeAllForUser(user.id);
    },

    /** Changes the password and signs every other session out; the caller gets fresh tokens. */
    async changePassword(userId: number, oldPassword: string, newPassword: string): Promise<Tokens> {
      const identity = await db
        .selectFrom('identities')
        .select(['id', 'password_hash'])
        .where('user_id', '=', userId)
        .where('provider', '=', 'password')
        .executeTakeFirst();
      if (!identity?.password_hash) throw new AppError('validation', API_MESSAGE.externalAccount);
      if (!(await verifyPassword(identity.password_hash, oldPassword))) {
        throw new AppError('validation', API_MESSAGE.wrongOldPassword, {
          old_password: API_MESSAGE.wrongOldPassword,
        });
      }
      if (oldPassword === newPassword) {
        throw new AppError('validation', API_MESSAGE.samePassword, {
          new_password: API_MESSAGE.samePassword,
        });
      }
      assertUsablePassword(newPassword, 'new_password');
      await db
        .updateTable('identities')
        .set({ password_hash: await hashPassword(newPassword), updated_at: ctx.now() })
        .where('id', '=', identity.id)
        .execute();
      await revokeAllForUser(userId);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return issueTokens(user);
    },

    /** Sets a password identity directly (seed and admin CLI). */
    async setPassword(userId: number, password: string) {
      const passwordHash = await hashPassword(password);
      await db
        .insertInto('identities')
        .values({
          user_id: userId,
          provider: 'password',
          subject: String(userId),
          password_hash: passwordHash,
        })
        .onConflict((oc) => oc.columns(['provider', 'subject']).doUpdateSet({ password_hash: passwordHash }))
        .execute();
    },
  };
}
