import { IMPORT_MAX_ROWS } from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../campaigns/policy';
import type { ParsedRow } from './csv';
import { RAW_VALUE_MAX_LENGTH } from './rows';

const unavailable = () => new AppError('validation', API_MESSAGE.discoveryListsUnavailable);

type Json = Record<string, unknown>;
const text = (...values: unknown[]) => {
  const v = values.find((x) => typeof x === 'string' && x.trim());
  return typeof v === 'string' ? v.trim().slice(0, RAW_VALUE_MAX_LENGTH) : null;
};

/**
 * The members of one of the business's discovery lists, as import rows (row_number = position in the list).
 *
 * TODO(issue 5, influencer discovery): discovery lists do not exist yet. Until their migration lands this
 * answers 400 "Discovery lists are not available yet." Once it does, replace the tolerant read below with a
 * typed query on the real tables (it assumes `discovery_lists` with `business_id` or `user_id`, and
 * `discovery_list_members` with `list_id` and the username in `instagram_username`, `username` or
 * `influencer_data->>'username'`), and add a test to apps/api/test/imports.test.ts.
 */
export async function discoveryListRows(ctx: AppContext, actor: Actor, listId: number): Promise<ParsedRow[]> {
  const { rows: tables } = await sql<{ lists: string | null; members: string | null }>`
    SELECT to_regclass('discovery_lists')::text AS lists,
           to_regclass('discovery_list_members')::text AS members`.execute(ctx.db);
  if (!tables[0]?.lists || !tables[0].members) throw unavailable();
  try {
    const { rows: lists } = await sql<{ list: Json }>`
      SELECT to_jsonb(l) AS list FROM discovery_lists l WHERE l.id = ${listId}`.execute(ctx.db);
    const list = lists[0]?.list;
    const owned = list && (list.business_id === actor.businessId || list.user_id === actor.userId);
    if (!owned) throw new AppError('not_found', API_MESSAGE.discoveryListNotFound);
    const { rows: members } = await sql<{ member: Json }>`
      SELECT to_jsonb(m) AS member FROM discovery_list_members m WHERE m.list_id = ${listId}
      ORDER BY to_jsonb(m)->>'created_at', to_jsonb(m)->>'id' LIMIT ${IMPORT_MAX_ROWS}`.execute(ctx.db);
    return members.map(({ member }, i) => {
      const data = (member.influencer_data ?? {}) as Json;
      return {
        row_number: i + 1,
        instagram_username: text(member.instagram_username, member.username, data.username, data.handle),
        email: text(member.email, data.email),
      };
    });
  } catch (error) {
    // 42703 undefined column, 42P01 undefined table: the real schema differs from the one assumed above.
    const code = (error as { code?: string }).code;
    if (code === '42703' || code === '42P01') {
      ctx.log.warn({ code }, 'discovery lists exist but import from them is not wired yet (see TODO)');
      throw unavailable();
    }
    throw error;
  }
}
