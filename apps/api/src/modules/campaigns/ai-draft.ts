import {
  AI_TYPICAL_SECONDS,
  type AiDraft,
  type AiProvider,
  type aiDraftBody,
} from '@reach/contract/campaign-ai';
import { CAMPAIGN_TEXT_MAX_LENGTH, CAMPAIGN_TITLE_MAX_LENGTH } from '@reach/contract/campaigns';
import { MAX_CAMPAIGN_INTERESTS } from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { BusinessProfile } from '../../adapters/ai/index';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type Brief = z.output<typeof aiDraftBody>;

/** Text the wizard can save as is: no NUL characters, trimmed, within the field's limit. */
function fit(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '').trim();
  return clean.length <= max ? clean : clean.slice(0, max).trimEnd();
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The real interests for names a model suggested: the same name in any case first, else the closest by
 * containment either way ("Skincare routines" → Skincare) or trigram similarity. At most 3, no repeats.
 */
export async function matchInterests(db: Kysely<DB>, names: readonly string[]) {
  const found = new Map<number, { id: number; name: string }>();
  for (const raw of names.slice(0, 2 * MAX_CAMPAIGN_INTERESTS)) {
    const name = raw.replaceAll('\u0000', '').trim().slice(0, 100);
    if (name.length < 3) continue;
    const { rows } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM interests
      WHERE lower(name) = lower(${name})
         OR name ILIKE ${`%${escapeLike(name)}%`}
         OR ${name} ILIKE '%' || name || '%'
         OR similarity(name, ${name}) >= 0.3
      ORDER BY (lower(name) = lower(${name})) DESC, similarity(name, ${name}) DESC, name
      LIMIT 1`.execute(db);
    const row = rows[0];
    if (row) found.set(row.id, { id: row.id, name: row.name });
    if (found.size === MAX_CAMPAIGN_INTERESTS) break;
  }
  return [...found.values()];
}

/**
 * POST /campaigns/ai/draft: the details step drafted from a brief and the business's profile, by the AI
 * adapter. Nothing is stored: the business reviews, edits and saves through the usual campaign calls.
 */
/** GET /campaigns/ai/provider: the writer this server drafts with, and how long a draft usually takes. */
export function aiProviderOf(ctx: AppContext): AiProvider {
  const source = ctx.ai.kind === 'embedded' ? 'embedded' : 'ai';
  return { source, typical_seconds: AI_TYPICAL_SECONDS[source] };
}

export async function draftCampaign(ctx: AppContext, actor: Actor, brief: Brief): Promise<AiDraft> {
  if (actor.type !== 'business') throw new AppError('forbidden', API_MESSAGE.forbidden);
  const [business, interests] = await Promise.all([
    ctx.db
      .selectFrom('businesses as b')
      .leftJoin('states as s', 's.id', 'b.state_id')
      .select(['b.business_name', 'b.type', 'b.city', 's.code as state', 'b.website', 'b.description'])
      .where('b.id', '=', actor.businessId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom('interests').select(['id', 'name', 'category']).orderBy('name').execute(),
  ]);
  const draft = await ctx.ai.draft({
    brief: {
      typeId: brief.type_id,
      product: brief.product,
      audience: brief.audience,
      goal: brief.goal,
      tone: brief.tone,
    },
    business: business satisfies BusinessProfile,
    interests,
  });
  return {
    title: fit(draft.title, CAMPAIGN_TITLE_MAX_LENGTH),
    description: fit(draft.description, CAMPAIGN_TEXT_MAX_LENGTH),
    brand_overview: fit(draft.brand_overview, CAMPAIGN_TEXT_MAX_LENGTH),
    objectives: fit(draft.objectives, CAMPAIGN_TEXT_MAX_LENGTH),
    talking_points: fit(draft.talking_points, CAMPAIGN_TEXT_MAX_LENGTH),
    post_requirements: fit(draft.post_requirements, CAMPAIGN_TEXT_MAX_LENGTH),
    interests: await matchInterests(ctx.db, draft.interests),
    source: ctx.ai.kind === 'embedded' ? 'embedded' : 'ai',
  };
}
