import crypto from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CONFIRMATION_CODE_TTL_MS } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/secrets';

type Purpose = 'confirm' | 'reset';

/** Issues a fresh 6-digit code, invalidating any earlier one of the same purpose. Returns the plain code. */
export async function issueCode(
  trx: Kysely<DB>,
  userId: number,
  purpose: Purpose,
  now: Date,
): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  await trx
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await trx
    .insertInto('verification_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: codeHash(userId, purpose, code),
      expires_at: new Date(now.getTime() + CONFIRMATION_CODE_TTL_MS),
    })
    .execute();
  return code;
}

/**
 * Checks a code and consumes it when right. A wrong code counts an attempt (committed even though the
 * call fails); the 5th wrong attempt invalidates the code, so the 6th try is told to request a new one.
 */
export async function consumeCode(
  db: Kysely<DB>,
  userId: number,
  purpose: Purpose,
  code: string,
  now: Date,
  onSuccess?: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      // No code at all, as for an unknown address: the statement a wrong attempt runs (matching no row), so this
      // answer takes about as long as a wrong code's and the timing does not tell which addresses have accounts.
      await trx.updateTable('verification_codes').set({ attempts: 0 }).where('id', '=', 0).execute();
      return 'expired';
    }
    if (row.expires_at.getTime() <= now.getTime() || row.attempts >= CODE_MAX_ATTEMPTS) return 'expired';
    const given = Buffer.from(codeHash(userId, purpose, code));
    if (!crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
      const attempts = row.attempts + 1;
      await trx
        .updateTable('verification_codes')
        .set({ attempts, ...(attempts >= CODE_MAX_ATTEMPTS ? { consumed_at: now } : {}) })
        .where('id', '=', row.id)
        .execute();
      return 'wrong';
    }
    await trx.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', row.id).execute();
    await onSuccess?.(trx);
    return 'ok';
  });
  if (outcome === 'expired')
    throw new AppError('validation', API_MESSAGE.codeExpired, { code: API_MESSAGE.codeExpired });
  if (outcome === 'wrong')
    throw new AppError('validation', API_MESSAGE.codeInvalid, { code: API_MESSAGE.codeInvalid });
}

function codeHash(userId: number, purpose: Purpose, code: string): string {
  return sha256(`${userId}:${purpose}:${code}`);
}
