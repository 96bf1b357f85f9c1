import { ATTRIBUTION_RULE, fromMinorUnits } from '@reach/contract/attribution';
import type { ConversionRow } from '../../db/schema';
import { influencerName } from '../../lib/people';
import type { CampaignAttributionData, RevenueRow } from './service';

/* What leaves the server of attribution: whitelisted fields, amounts as minor units and decimal strings. */

const iso = (value: Date | string) => new Date(value).toISOString();

/** The public address of a tracked link. */
export function linkUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/r/${code}`;
}

export function presentRevenue(rows: RevenueRow[]) {
  return [...rows]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((r) => ({
      currency: r.currency,
      amount_cents: r.amount_cents,
      amount: fromMinorUnits(r.amount_cents, r.currency),
    }));
}

/** Sums per currency. */
function byCurrency(rows: RevenueRow[]): RevenueRow[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount_cents);
  return [...sums].map(([currency, amount_cents]) => ({ currency, amount_cents }));
}

export function presentCampaignAttribution(data: CampaignAttributionData, publicUrl: string) {
  const tracking = data.campaign.url_tracking && !!data.campaign.tracker_url;
  const clicksByCreator = new Map(data.clicks.map((c) => [c.influencer_user_id, c]));
  const creators = data.creators.map((row) => {
    const clicks = clicksByCreator.get(row.influencer_user_id) ?? { total: 0, unique: 0 };
    const conversions = data.conversions.filter((c) => c.influencer_user_id === row.influencer_user_id);
    return {
      influencer_user_id: row.influencer_user_id,
      connection_id: row.connection_id,
      name: influencerName(row),
      handle: row.handle,
      link:
        tracking && row.link_code && row.link_created_at
          ? {
              code: row.link_code,
              url: linkUrl(publicUrl, row.link_code),
              created_at: iso(row.link_created_at),
            }
          : null,
      discount_code:
        row.discount_code && row.discount_source
          ? { code: row.discount_code, source: row.discount_source }
          : null,
      clicks: { total: clicks.total, unique: clicks.unique },
      conversions: {
        count: conversions.reduce((n, c) => n + c.count, 0),
        revenue: presentRevenue(byCurrency(conversions)),
      },
    };
  });
  return {
    campaign_id: data.campaign.id,
    url_tracking: data.campaign.url_tracking,
    tracker_url: data.campaign.tracker_url,
    attribution_window_days: data.windowDays,
    rule: ATTRIBUTION_RULE,
    creators,
    totals: {
      // Every click of the campaign, also those of a creator no longer on it.
      clicks: {
        total: data.clicks.reduce((n, c) => n + c.total, 0),
        unique: data.clicks.reduce((n, c) => n + c.unique, 0),
      },
      conversions: {
        count: data.conversions.reduce((n, c) => n + c.count, 0),
        revenue: presentRevenue(byCurrency(data.conversions)),
      },
    },
  };
}

export function presentConversion(row: ConversionRow) {
  return {
    id: row.id,
    order_id: row.order_id,
    amount_cents: Number(row.amount_cents),
    amount: fromMinorUnits(Number(row.amount_cents), row.currency),
    currency: row.currency,
    occurred_at: iso(row.occurred_at),
    source: row.source,
    code: row.given_code,
    click_id: row.given_click_id,
    attributed_via: row.attributed_via,
    campaign_id: row.campaign_id,
    influencer_user_id: row.influencer_user_id,
    attribution_window_days: row.attribution_window_days,
    recorded_at: iso(row.created_at),
  };
}

export function presentConversionsPage(page: { rows: ConversionRow[]; total: number }) {
  return { data: page.rows.map(presentConversion), total: page.total };
}

export function presentMyLinks(
  rows: {
    campaign_id: number;
    title: string | null;
    business_name: string | null;
    url_tracking: boolean;
    tracker_url: string | null;
    link_code: string | null;
    discount_code: string | null;
  }[],
  publicUrl: string,
) {
  return {
    data: rows.map((r) => ({
      campaign_id: r.campaign_id,
      campaign_title: r.title,
      business_name: r.business_name,
      link:
        r.url_tracking && r.tracker_url && r.link_code
          ? { code: r.link_code, url: linkUrl(publicUrl, r.link_code) }
          : null,
      discount_code: r.discount_code,
    })),
  };
}

export function presentApiKey(row: {
  id: number;
  name: string;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

export function presentSettings(settings: { attribution_window_days: number; shopify_token: string | null }) {
  return {
    attribution_window_days: settings.attribution_window_days,
    shopify: {
      configured: settings.shopify_token !== null,
      webhook_path: settings.shopify_token
        ? `/api/v1/webhooks/shopify/${settings.shopify_token}/orders-create`
        : null,
    },
    rule: ATTRIBUTION_RULE,
  };
}
