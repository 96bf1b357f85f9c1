import { IMPORT_MAX_ROWS } from '@reach/contract/campaign-imports';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { canUseList } from '../discovery/policy';
import type { ParsedRow } from './csv';
import { RAW_VALUE_MAX_LENGTH } from './rows';

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, RAW_VALUE_MAX_LENGTH) : null;

/**
 * The members of one of the business's discovery lists, as import rows (row_number = position in the list,
 * oldest first): the username saved with the member, and the contact email the local index knows for it.
 * Another business's list, or none, is a 404.
 */
export async function discoveryListRows(ctx: AppContext, actor: Actor, listId: number): Promise<ParsedRow[]> {
  const list = await ctx.db
    .selectFrom('discovery_lists')
    .select(['id', 'business_id'])
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!canUseList(actor, list)) throw new AppError('not_found', API_MESSAGE.discoveryListNotFound);
  const members = await ctx.db
    .selectFrom('discovery_list_members as m')
    .leftJoin('influencer_index as i', 'i.modash_id', 'm.modash_id')
    .select(['m.username', 'i.contact_email'])
    .where('m.list_id', '=', listId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .limit(IMPORT_MAX_ROWS)
    .execute();
  return members.map((m, i) => ({
    row_number: i + 1,
    instagram_username: text(m.username),
    email: text(m.contact_email),
  }));
}
