import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

export type AuditRecord = {
  /** The user who acted (an admin for every admin action). */
  actorId: number | null;
  /** `<subject>.<what happened>`, e.g. user.suspended. */
  action: string;
  subjectType: string;
  subjectId: number;
  data?: Record<string, unknown>;
};

/** Writes one audit_log row; pass the transaction of the change it records so both commit or neither does. */
export async function recordAudit(db: Kysely<DB> | Transaction<DB>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actorId,
      action: record.action,
      subject_type: record.subjectType,
      subject_id: record.subjectId,
      data: record.data ? JSON.stringify(record.data) : null,
    })
    .execute();
}
