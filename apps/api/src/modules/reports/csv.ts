import { fromMinorUnits } from '@reach/contract/attribution';
import {
  type CAMPAIGN_REPORT_TABLES,
  type CampaignReport,
  type CREATOR_REPORT_TABLES,
  type CreatorReport,
  type Ratio,
  type ReportFigures,
  toCsv,
} from '@reach/contract/reports';

/* The tables of a report as CSV files (cells escaped and guarded against formulas by the contract's csvCell). */

type Cell = string | number | null;
const dollars = (cents: number) => fromMinorUnits(cents, 'USD');
/** A cost in dollars to a hundredth of a cent (a cost per engagement is often below a cent). */
const costCell = (r: Ratio) => (r.value === null ? null : (r.value / 100).toFixed(4));
const roasCell = (r: Ratio) => (r.value === null ? null : r.value.toFixed(2));
const otherRevenue = (f: ReportFigures) =>
  f.revenue
    .filter((r) => r.currency !== 'USD')
    .map((r) => `${r.amount} ${r.currency}`)
    .join('; ');

const FIGURE_HEADER = [
  'Spend (USD)',
  'Paid to creators (USD)',
  'Product value (USD)',
  'Clicks (unique)',
  'Clicks (total)',
  'Conversions',
  'Revenue (USD)',
  'Revenue in other currencies',
  'Posts',
  'Engagements',
  'Impressions',
  'EMV (USD)',
  'CPE (USD)',
  'CPM (USD)',
  'CPC (USD)',
  'CPA (USD)',
  'ROAS',
] as const;

function figureCells(f: ReportFigures): Cell[] {
  return [
    dollars(f.spend.cents),
    dollars(f.spend.paid_cents),
    dollars(f.spend.product_cents),
    f.clicks.unique,
    f.clicks.total,
    f.conversions,
    dollars(f.revenue_usd_cents),
    otherRevenue(f),
    f.posts,
    f.engagements,
    f.impressions,
    dollars(f.emv_cents),
    costCell(f.ratios.cpe),
    costCell(f.ratios.cpm),
    costCell(f.ratios.cpc),
    costCell(f.ratios.cpa),
    roasCell(f.ratios.roas),
  ];
}

/** Totals as rows of (figure, value, how it is computed). */
function totalsCsv(report: CampaignReport | CreatorReport): string {
  const f = report.totals;
  const ratio = (label: string, r: Ratio, cell: (r: Ratio) => Cell): Cell[] => [
    label,
    cell(r),
    r.reason ? `${r.formula} — ${r.reason}` : r.formula,
  ];
  const rows: Cell[][] = [
    ['Spend (USD)', dollars(f.spend.cents), report.method.spend],
    ['Paid to creators (USD)', dollars(f.spend.paid_cents), 'Ledger post payments'],
    [
      'Product value (USD)',
      dollars(f.spend.product_cents),
      `${f.spend.product_units} creators × product value`,
    ],
    ['Clicks (unique)', f.clicks.unique, 'A browser counted once per 30 minutes; known bots left out'],
    ['Clicks (total)', f.clicks.total, 'Every click by people; known bots left out'],
    ['Conversions', f.conversions, report.method.attribution_rule],
    ['Revenue (USD)', dollars(f.revenue_usd_cents), 'Attributed orders in US dollars'],
    ...f.revenue
      .filter((r) => r.currency !== 'USD')
      .map((r): Cell[] => [`Revenue (${r.currency})`, r.amount, 'Not converted; left out of ROAS']),
    ['Posts', f.posts, 'Approved posts'],
    ['Engagements', f.engagements, 'likes + comments + shares + saves'],
    ['Impressions', f.impressions, 'Impressions, or reach when a post reports no impressions'],
    ['EMV (USD)', dollars(f.emv_cents), report.method.emv_formula],
    ratio('CPE (USD)', f.ratios.cpe, costCell),
    ratio('CPM (USD)', f.ratios.cpm, costCell),
    ratio('CPC (USD)', f.ratios.cpc, costCell),
    ratio('CPA (USD)', f.ratios.cpa, costCell),
    ratio('ROAS', f.ratios.roas, roasCell),
  ];
  return toCsv(['Figure', 'Value', 'How it is computed'], rows);
}

function dailyCsv(report: CampaignReport | CreatorReport): string {
  return toCsv(
    [
      'Date (UTC)',
      'Clicks (unique)',
      'Conversions',
      'Revenue (USD)',
      'Revenue in other currencies',
      'Engagements',
    ],
    report.daily.map((d) => [
      d.date,
      d.clicks,
      d.conversions,
      dollars(d.revenue_usd_cents),
      d.revenue
        .filter((r) => r.currency !== 'USD')
        .map((r) => `${r.amount} ${r.currency}`)
        .join('; '),
      d.engagements,
    ]),
  );
}

function postsCsv(report: CampaignReport | CreatorReport): string {
  return toCsv(
    [
      'Creator',
      'Campaign',
      'Platform',
      'Post URL',
      'Posted (UTC)',
      'Likes',
      'Comments',
      'Shares',
      'Saves',
      'Video views',
      'Impressions',
      'Engagements',
      'EMV (USD)',
      'Metrics source',
      'How measured',
      'Metrics as of (UTC)',
    ],
    report.top_posts.map((p) => [
      p.creator,
      p.campaign_title,
      p.platform,
      p.post_url,
      p.submitted_at,
      p.likes,
      p.comments,
      p.shares,
      p.saves,
      p.video_views,
      p.impressions,
      p.engagements,
      dollars(p.emv_cents),
      p.metrics?.source ?? 'not fetched',
      p.metrics?.method ?? null,
      p.metrics?.as_of ?? null,
    ]),
  );
}

type Table = (typeof CAMPAIGN_REPORT_TABLES)[number] | (typeof CREATOR_REPORT_TABLES)[number];

/**
 * One table of a campaign report (its fourth table: the creators) or of a creator report (the campaigns) as a
 * CSV file, named after the report and the table.
 */
export function reportCsv(
  report: CampaignReport | CreatorReport,
  table: Table,
): { fileName: string; text: string } {
  const byCampaign = 'campaign' in report;
  const fileName = byCampaign
    ? `campaign-${report.campaign.id}-${table}.csv`
    : `creator-${report.creator.influencer_user_id}-${table}.csv`;
  if (table === 'totals') return { fileName, text: totalsCsv(report) };
  if (table === 'daily') return { fileName, text: dailyCsv(report) };
  if (table === 'posts') return { fileName, text: postsCsv(report) };
  const text = byCampaign
    ? toCsv(
        ['Creator', 'Handle', ...FIGURE_HEADER],
        report.creators.map((c) => [c.name, c.handle, ...figureCells(c)]),
      )
    : toCsv(
        ['Campaign', 'Status', ...FIGURE_HEADER],
        report.campaigns.map((c) => [c.title, c.status, ...figureCells(c)]),
      );
  return { fileName, text };
}
