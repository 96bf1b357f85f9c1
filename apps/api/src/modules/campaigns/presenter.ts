import type {
  Campaign,
  CampaignBriefChange,
  CampaignBriefRevision,
  CampaignMedia,
  CampaignMessage,
  CampaignStatus,
  CampaignSummary,
} from '@reach/contract/campaigns';
import type { UserType } from '@reach/contract/constants';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { CampaignMediaRow, CampaignRow } from '../../db/schema';
import { canFund, type Money, toFundCents } from '../payments/policy';
import { abilities, canManage, earliestToday, editScope, publishProblems } from './policy';

/** What the list query selects for one campaign (see lists.ts). */
export type SummaryRow = Pick<
  CampaignRow,
  | 'id'
  | 'title'
  | 'status'
  | 'type_id'
  | 'business_id'
  | 'start_date'
  | 'end_date'
  | 'product_name'
  | 'product_amount_cents'
  | 'total_budget_cents'
  | 'amount_per_post_cents'
  | 'max_posts_per_influencer'
  | 'published_at'
  | 'created_at'
  | 'updated_at'
> & {
  type_name: string;
  business_name: string | null;
  excerpt: string | null;
  interests: { id: number; name: string }[];
  cover_key: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A campaign in a list: whitelisted fields only. */
export function presentSummary(ctx: AppContext, row: SummaryRow): CampaignSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    type_id: row.type_id,
    type_name: row.type_name,
    business_id: row.business_id,
    business_name: row.business_name,
    start_date: row.start_date,
    end_date: row.end_date,
    excerpt: row.excerpt,
    product_name: row.product_name,
    product_amount_cents: row.product_amount_cents,
    total_budget_cents: row.total_budget_cents,
    amount_per_post_cents: row.amount_per_post_cents,
    max_posts_per_influencer: row.max_posts_per_influencer,
    interests: row.interests,
    cover_url: row.cover_key ? ctx.storage.url(row.cover_key) : null,
    published_at: iso(row.published_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentMedia(ctx: AppContext, m: CampaignMediaRow): CampaignMedia {
  return {
    id: m.id,
    url: ctx.storage.url(m.key),
    mime: m.mime,
    size_bytes: m.size_bytes,
    position: m.position,
  };
}

export type DetailRow = CampaignRow & {
  type_name: string;
  type_description: string;
  business_name: string | null;
};

/** The full campaign for someone allowed to see it, with what they may do next. */
export function presentCampaign(
  ctx: AppContext,
  actor: Actor,
  row: DetailRow,
  extra: {
    interests: { id: number; name: string }[];
    media: CampaignMediaRow[];
    messages: number;
    hasThread: boolean;
    /** Funded, spent and refunded cents from the ledger. */
    money: Money;
    /** Still owed to accepted creators under the terms (pipeline-policy's committedCents, summed). */
    committed: number;
    /** The latest brief revision's time, or null. */
    briefUpdatedAt: Date | null;
  },
): Campaign {
  const media = extra.media.map((m) => presentMedia(ctx, m));
  const cover = media.find((m) => m.mime !== 'video/mp4');
  const { committed } = extra;
  const { funded, spent, refunded } = extra.money;
  const status: CampaignStatus = row.status;
  const open = status === 'draft' || status === 'active' || status === 'paused';
  const showMissing = canManage(actor, row) && editScope(status) === 'any';
  return {
    ...presentSummary(ctx, {
      ...row,
      excerpt: row.description ? row.description.slice(0, 200) : null,
      interests: extra.interests,
      cover_key: null,
    }),
    cover_url: cover?.url ?? null,
    type: { id: row.type_id, name: row.type_name, description: row.type_description },
    description: row.description,
    brand_overview: row.brand_overview,
    objectives: row.objectives,
    talking_points: row.talking_points,
    post_requirements: row.post_requirements,
    url_tracking: row.url_tracking,
    tracker_url: row.tracker_url,
    product_description: row.product_description,
    product_link: row.product_link,
    media,
    budget: {
      total_budget_cents: row.total_budget_cents,
      committed_cents: committed,
      spent_cents: spent,
      left_cents: row.total_budget_cents === null ? null : row.total_budget_cents - committed - spent,
      funded_cents: funded,
      refunded_cents: refunded,
      available_cents: funded - spent - refunded,
      to_fund_cents: open ? toFundCents(row, funded) : 0,
    },
    counts: { messages: extra.messages },
    paused_at: iso(row.paused_at),
    completed_at: iso(row.completed_at),
    archived_at: iso(row.archived_at),
    missing_fields: showMissing ? publishProblems(row, earliestToday(ctx.now())).missing : [],
    brief_updated_at: iso(extra.briefUpdatedAt),
    abilities: abilities(actor, row, extra.hasThread, canFund(actor, row, extra.money)),
  };
}

export type MessageRow = {
  id: number;
  campaign_id: number;
  influencer_user_id: number;
  sender_user_id: number;
  body: string;
  created_at: Date;
  sender_type: UserType;
  sender_given_name: string;
  sender_family_name: string;
  sender_business_name: string | null;
  sender_avatar: string | null;
  sender_avatar_type: 'initials' | 'upload';
};

export function presentMessage(ctx: AppContext, m: MessageRow): CampaignMessage {
  return {
    id: m.id,
    campaign_id: m.campaign_id,
    influencer_user_id: m.influencer_user_id,
    sender: {
      id: m.sender_user_id,
      type: m.sender_type,
      name: displayName(m.sender_type, m.sender_given_name, m.sender_family_name, m.sender_business_name),
      avatar_url:
        m.sender_avatar_type === 'upload' && m.sender_avatar ? ctx.storage.url(m.sender_avatar) : null,
    },
    body: m.body,
    created_at: m.created_at.toISOString(),
  };
}

/** The name shown for a user: the business name for a business (when set), else the person's name. */
export function displayName(
  type: UserType,
  given: string,
  family: string,
  businessName: string | null | undefined,
): string {
  if (type === 'business' && businessName) return businessName;
  return `${given} ${family}`.trim();
}

/** What listBriefRevisions selects for one revision. */
export type BriefRevisionRow = {
  id: number;
  created_at: Date;
  changes: unknown;
  user_id: number | null;
  given_name: string | null;
  family_name: string | null;
};

/** A brief revision: who (the person's name) changed which fields, with their labels, old and new values. */
export function presentBriefRevision(
  r: BriefRevisionRow,
  labels: Readonly<Record<string, string>>,
): CampaignBriefRevision {
  const raw = typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes;
  const changes = (Array.isArray(raw) ? raw : []) as Omit<CampaignBriefChange, 'label'>[];
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    by:
      r.user_id !== null && r.given_name !== null
        ? { id: r.user_id, name: `${r.given_name} ${r.family_name ?? ''}`.trim() }
        : null,
    changes: changes.map((c) => ({
      field: c.field,
      label: labels[c.field] ?? c.field,
      old: c.old ?? null,
      new: c.new ?? null,
    })),
  };
}
