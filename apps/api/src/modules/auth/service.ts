import crypto from 'node:crypto';
import type { SignUpBody, Tokens } from '@reach/contract/auth';
import { REFRESH_TOKEN_TTL_SECONDS, type UserType } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import type { Mail } from '../../adapters/mail';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../lib/db-errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { claimInvitations, redeemInvite } from '../connections/service';
import { deliverNow } from '../mail/delivery';
import { queueMail } from '../mail/queue';
import { startTrial } from '../subscriptions/trial';
import { consumeCode, issueCode } from './codes';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords';

export type AuthService = ReturnType<typeof createAuthService>;

/** Thrown to roll back the decoy sign-up of an address that already has an account. */
const ROLLBACK = Symbol('rollback');

/** No user has this id: code checks for an unknown address run against it, so they cost what a real one does. */
const NO_USER = 0;

/** Work the auth answers do not wait for (mails and codes of forgot-password and resend-code), per app. */
const pendingWork = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once the auth work queued so far for this app has finished: for tests, and before shutdown. */
export async function settleAuthWork(ctx: AppContext): Promise<void> {
  const pending = pendingWork.get(ctx);
  while (pending?.size) await Promise.allSettled([...pending]);
}

/** The one answer to a confirmation or reset code that is not accepted, whatever the reason. */
function codeNotAccepted(): AppError {
  return new AppError('validation', API_MESSAGE.codeNotAccepted, { code: API_MESSAGE.codeNotAccepted });
}

/**
 * Runs a code check and turns every refusal into the same answer: a wrong, expired or used-up code, an unknown
 * address and an already confirmed one must not tell each other apart (they would reveal who has an account).
 */
async function uniformCodeCheck(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation') throw codeNotAccepted();
    throw error;
  }
}

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

  async function assertUsablePassword(password: string, field = 'password') {
    if (await isCommonPassword(password)) {
      throw new AppError('validation', API_MESSAGE.commonPassword, { [field]: API_MESSAGE.commonPassword });
    }
  }

  /*
   * Auth mails go through the mail outbox (modules/mail): the row is written in the transaction of its cause
   * (the code it carries), delivered right after commit, and retried by the mail.send job if that fails.
   */

  /** Queues `mail` in `trx`; deliver the returned id after commit with deliverNow. */
  function queue(trx: Kysely<DB>, mail: Mail): Promise<number> {
    return queueMail(trx, mail, { at: ctx.now() });
  }

  /** A mail with no stored cause of its own: queued in its own transaction, then delivered. */
  async function sendQueued(mail: Mail) {
    const id = await db.transaction().execute((trx) => queue(trx, mail));
    await deliverNow(ctx, [id]);
  }

  /** A new code of `purpose` for the user, with its mail, in one transaction; the mail delivered after commit. */
  async function issueAndMailCode(user: UserRow, purpose: 'confirm' | 'reset') {
    const id = await db.transaction().execute(async (trx) => {
      const code = await issueCode(trx, user.id, purpose, ctx.now());
      return queue(trx, codeMail(user.email, purpose, code));
    });
    await deliverNow(ctx, [id]);
  }

  function codeMail(to: string, purpose: 'confirm' | 'reset', code: string): Mail {
    const subject = purpose === 'confirm' ? 'Your REACH confirmation code' : 'Your REACH password reset code';
    const intro =
      purpose === 'confirm'
        ? 'Welcome to REACH! Use this code to confirm your email address:'
        : 'Use this code to reset your REACH password:';
    const url = `${ctx.config.publicUrl}/auth/${purpose === 'confirm' ? 'confirm' : 'reset-password'}?email=${encodeURIComponent(to)}`;
    // The code is a secret: never logged (the dev mailbox shows the mail in development).
    return {
      to,
      subject,
      text: `${intro}\n\n${code}\n\nThe code expires in 24 hours. Enter it at ${url}\n\nIf you did not ask for this, ignore this mail.`,
      html: `<p>${intro}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>The code expires in 24 hours. <a href="${url}">Enter it here</a>.</p><p>If you did not ask for this, ignore this mail.</p>`,
    };
  }

  /** Sign-up with an address that has an account: its owner is told, the person signing up sees no difference. */
  async function sendAccountExistsMail(to: string) {
    await sendQueued(accountExistsMail(to));
  }

  function accountExistsMail(to: string): Mail {
    const query = `?email=${encodeURIComponent(to)}`;
    const login = `${ctx.config.publicUrl}/auth/login${query}`;
    const reset = `${ctx.config.publicUrl}/auth/forgot-password${query}`;
    const intro =
      'Someone just tried to create a REACH account with this email address, but it already has an account.';
    return {
      to,
      subject: 'Someone tried to sign up to REACH with your email address',
      text: `${intro}\n\nIf it was you, sign in at ${login}\nForgot your password? Reset it at ${reset}\n\nIf it was not you, ignore this mail: nothing has changed on your account.`,
      html: `<p>${intro}</p><p>If it was you, <a href="${login}">sign in</a>. Forgot your password? <a href="${reset}">Reset it</a>.</p><p>If it was not you, ignore this mail: nothing has changed on your account.</p>`,
    };
  }

  /**
   * Runs work after the answer has gone: forgot-password and resend-code answer before they even look the
   * address up, so neither their answer nor its timing can tell whether an account exists. Failures are logged.
   */
  function afterAnswer(what: string, work: () => Promise<void>) {
    const queue = pendingWork.get(ctx) ?? new Set<Promise<void>>();
    pendingWork.set(ctx, queue);
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => ctx.log.error({ err: error }, `${what} failed`))
      .finally(() => queue.delete(task));
    queue.add(task);
  }

  /** Ends every access token of the user at once: the auth plugin refuses a token of an older version. */
  async function bumpTokenVersion(executor: Kysely<DB>, userId: number) {
    await executor
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Creates a user with the rows its type needs: a business profile with the 7-day Pro trial and its
   * discovery credits (subscriptions/trial.ts), or an influencer profile. Used by sign-up, social sign-in,
   * the seed and the admin CLI.
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
      await startTrial(trx, user.id, now);
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

  /** The rows of an email sign-up: the account, its password, an invite's connection and the confirmation code. */
  async function insertSignUp(trx: Transaction<DB>, body: SignUpBody, passwordHash: string) {
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
    const mailId = await queue(trx, codeMail(user.email, 'confirm', code));
    return { user, mailId };
  }

  /**
   * Spec §3/§8: the sign-in state holds a Facebook auth token, taken from the identity's `nickname` attribute.
   * It is the token kept from the user's latest Facebook sign-in (sealed at rest); none when the user never
   * signed in with Facebook or it cannot be unsealed (the web then warns and holds null).
   */
  async function facebookNickname(userId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('identities')
      .select('access_token_enc')
      .where('user_id', '=', userId)
      .where('provider', '=', 'facebook')
      .where('access_token_enc', 'is not', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row?.access_token_enc) return undefined;
    try {
      return ctx.cipher.decrypt(row.access_token_enc);
    } catch {
      return undefined;
    }
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
      token_version: user.token_version,
      nickname: await facebookNickname(user.id),
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

  async function revokeAllForUser(executor: Kysely<DB>, userId: number) {
    await executor
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

    /**
     * Creates the account and mails its confirmation code. An address that already has an account gets the same
     * answer for the same work (the same hash and inserts, rolled back) while its owner is mailed instead, so
     * sign-up reveals who is registered neither by its answer, nor its timing, nor gaps in the id sequences.
     */
    async signUp(body: SignUpBody): Promise<void> {
      await assertUsablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(body.email);
      if (existing) {
        const decoy = { ...body, email: `decoy-${crypto.randomUUID()}@invalid` };
        await db
          .transaction()
          .execute(async (trx) => {
            await insertSignUp(trx, decoy, passwordHash);
            throw ROLLBACK;
          })
          .catch((error: unknown) => {
            if (error !== ROLLBACK) throw error;
          });
        return sendAccountExistsMail(existing.email);
      }
      const created = await db
        .transaction()
        .execute((trx) => insertSignUp(trx, body, passwordHash))
        .catch(async (error: unknown) => {
          // Two sign-ups of one address at once: the later one is answered like the first, its owner told.
          if (sqlState(error) !== PG_UNIQUE_VIOLATION) throw error;
          const owner = await findUserByEmail(body.email);
          if (!owner) throw error;
          await sendAccountExistsMail(owner.email);
          return null;
        });
      if (created) await deliverNow(ctx, [created.mailId]);
    },

    /**
     * Confirms the address with its code. With the account's password too (the web app sends the one just typed
     * at sign-up) the answer also signs in; the code alone never does. Every refusal is the same answer.
     */
    async confirm(email: string, code: string, password?: string): Promise<Tokens | null> {
      const user = await findUserByEmail(email);
      const pending = user && !user.email_confirmed_at ? user : undefined;
      await uniformCodeCheck(() =>
        consumeCode(db, pending?.id ?? NO_USER, 'confirm', code, ctx.now(), async (trx) => {
          if (!pending) return;
          await trx
            .updateTable('users')
            .set({ email_confirmed_at: ctx.now() })
            .where('id', '=', pending.id)
            .execute();
          // The address is proven now: invitations imported for it become this influencer's connections.
          if (pending.type === 'influencer')
            await claimInvitations(ctx, trx, pending.id, { email: pending.email });
        }),
      );
      if (!pending || password === undefined || pending.status !== 'active') return null;
      const identity = await db
        .selectFrom('identities')
        .select('password_hash')
        .where('user_id', '=', pending.id)
        .where('provider', '=', 'password')
        .executeTakeFirst();
      if (!identity?.password_hash || !(await verifyPassword(identity.password_hash, password))) return null;
      const now = ctx.now();
      await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', pending.id).execute();
      return issueTokens({ ...pending, email_confirmed_at: now, last_seen_at: now });
    },

    /** Mails a new confirmation code to an unconfirmed account, after answering (see afterAnswer). */
    resendCode(email: string): void {
      afterAnswer('confirmation code mail', async () => {
        const user = await findUserByEmail(email);
        if (!user || user.email_confirmed_at) return;
        await issueAndMailCode(user, 'confirm');
      });
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
        // The token leaked: the access tokens minted from its family end now too, not in 15 minutes.
        await bumpTokenVersion(db, row.user_id);
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

    /**
     * Ends the session of a refresh token: its family is revoked, and the user's access tokens end at once (the
     * user's other devices renew theirs with their own refresh tokens).
     */
    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const row = await db
        .selectFrom('refresh_tokens')
        .select(['family_id', 'user_id'])
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (!row) return;
      await revokeFamily(row.family_id);
      await bumpTokenVersion(db, row.user_id);
    },

    /** Mails a reset code to an account with a password, after answering (see afterAnswer). */
    forgotPassword(email: string): void {
      afterAnswer('password reset mail', async () => {
        const user = await findUserByEmail(email);
        if (!user) return;
        const hasPassword = await db
          .selectFrom('identities')
          .select('id')
          .where('user_id', '=', user.id)
          .where('provider', '=', 'password')
          .executeTakeFirst();
        if (!hasPassword) return;
        await issueAndMailCode(user, 'reset');
      });
    },

    /** Sets a new password with a reset code and signs every session out (refresh and access tokens). */
    async resetPassword(email: string, code: string, password: string) {
      await assertUsablePassword(password);
      // Hashed before the lookup, and an unknown address checked like a known one: same work, same answer.
      const passwordHash = await hashPassword(password);
      const user = await findUserByEmail(email);
      await uniformCodeCheck(() =>
        consumeCode(db, user?.id ?? NO_USER, 'reset', code, ctx.now(), async (trx) => {
          if (!user) return;
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
          await revokeAllForUser(trx, user.id);
          await bumpTokenVersion(trx, user.id);
        }),
      );
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
      await assertUsablePassword(newPassword, 'new_password');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('identities')
          .set({ password_hash: passwordHash, updated_at: ctx.now() })
          .where('id', '=', identity.id)
          .execute();
        await revokeAllForUser(trx, userId);
        // Access tokens of the old password end now; the tokens issued below carry the new version.
        await bumpTokenVersion(trx, userId);
      });
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
