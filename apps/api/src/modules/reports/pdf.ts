import { fromMinorUnits } from '@reach/contract/attribution';
import { formatUsd } from '@reach/contract/money';
import type { CampaignReport, Ratio } from '@reach/contract/reports';
import type { PDFPage } from 'pdf-lib';
import { drawText, embedTextFonts, loadPdfLib, type PdfTextFont, textWidth } from '../subscriptions/pdf-text';

/*
 * A campaign's report as a PDF (US Letter, as many pages as it needs): totals with how each is computed, the
 * EMV formula, the per-creator table, the days with figures and the top posts. Names in any script: the
 * invoice PDF's Unicode fonts (subscriptions/pdf-text.ts), shared, embedded as subsets.
 */

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 48;

const usDate = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const cost = (r: Ratio) =>
  r.value === null ? `— (${r.reason})` : `$${(r.value / 100).toFixed(r.value < 100 ? 4 : 2)}`;
const roas = (r: Ratio) => (r.value === null ? `— (${r.reason})` : `${r.value.toFixed(2)}×`);
const count = (n: number) => n.toLocaleString('en-US');

export async function campaignReportPdf(report: CampaignReport): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const ink = rgb(0.12, 0.13, 0.16);
  const muted = rgb(0.4, 0.42, 0.47);
  const accent = rgb(0.36, 0.27, 0.93);
  const rule = rgb(0.85, 0.86, 0.9);
  const pdf = await PDFDocument.create();
  const title = report.campaign.title ?? `Campaign ${report.campaign.id}`;
  pdf.setTitle(`Campaign report: ${title}`);
  pdf.setAuthor('REACH');
  pdf.setCreationDate(new Date(report.generated_at));
  const texts = [
    title,
    report.campaign.business_name ?? '',
    report.method.emv_formula,
    ...report.creators.map((c) => c.name),
    ...report.top_posts.map((p) => `${p.creator} ${p.metrics?.method ?? ''}`),
  ];
  const { regular, bold } = await embedTextFonts(pdf, texts);

  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const newPage = () => {
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  const text = (s: string, x: number, size = 9, font: PdfTextFont = regular, color = ink) =>
    drawText(page, s, { x, y, size, font, color });
  const right = (s: string, x: number, size = 9, font: PdfTextFont = regular, color = ink) =>
    text(s, x - textWidth(font, s, size), size, font, color);
  /** Lines of at most `width` points, broken at spaces. */
  const wrap = (s: string, width: number, size: number, font: PdfTextFont = regular) => {
    const out: string[] = [];
    for (const paragraph of s.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && textWidth(font, next, size) > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  };
  const paragraph = (s: string, size = 8, color = muted) => {
    for (const line of wrap(s, WIDTH - 2 * MARGIN, size)) {
      need(size + 4);
      text(line, MARGIN, size, regular, color);
      y -= size + 4;
    }
  };
  const heading = (s: string) => {
    need(40);
    y -= 10;
    text(s, MARGIN, 12, bold);
    y -= 18;
  };
  /** A table: columns by their right edge (the first is left-aligned), names cut to fit. */
  const table = (columns: { label: string; x: number }[], rows: string[][]) => {
    const header = () => {
      page.drawRectangle({
        x: MARGIN,
        y: y - 5,
        width: WIDTH - 2 * MARGIN,
        height: 17,
        color: rgb(0.95, 0.95, 0.98),
      });
      columns.forEach((c, i) => {
        if (i === 0) text(c.label, MARGIN + 4, 8, bold, muted);
        else right(c.label, c.x, 8, bold, muted);
      });
      y -= 18;
    };
    need(40);
    header();
    for (const row of rows) {
      if (y - 14 < MARGIN) {
        newPage();
        header();
      }
      row.forEach((cell, i) => {
        if (i === 0) {
          const room = (columns[1]?.x ?? WIDTH) - MARGIN - 70;
          let s = cell;
          while (s.length > 1 && textWidth(regular, s, 9) > room) s = s.slice(0, -1);
          text(s === cell ? s : `${s.trimEnd()}…`, MARGIN + 4, 9);
        } else right(cell, columns[i]?.x ?? WIDTH - MARGIN, 9);
      });
      y -= 14;
      page.drawLine({
        start: { x: MARGIN, y: y + 9 },
        end: { x: WIDTH - MARGIN, y: y + 9 },
        thickness: 0.4,
        color: rule,
      });
    }
  };

  // Header
  text('REACH', MARGIN, 20, bold, accent);
  right('CAMPAIGN REPORT', WIDTH - MARGIN, 12, bold);
  y -= 26;
  text(title, MARGIN, 14, bold);
  y -= 16;
  text(report.campaign.business_name ?? '', MARGIN, 10, regular, muted);
  right(
    `Generated ${usDate(report.generated_at)} (figures in US dollars)`,
    WIDTH - MARGIN,
    9,
    regular,
    muted,
  );
  y -= 10;

  const t = report.totals;
  heading('Totals');
  const otherRevenue = t.revenue.filter((r) => r.currency !== 'USD').map((r) => `${r.amount} ${r.currency}`);
  const totals: [string, string][] = [
    ['Spend', formatUsd(t.spend.cents)],
    ['  paid to creators', formatUsd(t.spend.paid_cents)],
    ['  product value', `${formatUsd(t.spend.product_cents)} (${t.spend.product_units} × product)`],
    ['Clicks (unique / total)', `${count(t.clicks.unique)} / ${count(t.clicks.total)}`],
    ['Conversions', count(t.conversions)],
    ['Revenue', [formatUsd(t.revenue_usd_cents), ...otherRevenue].join(' + ')],
    ['Approved posts', count(t.posts)],
    ['Engagements', count(t.engagements)],
    ['Impressions', count(t.impressions)],
    ['EMV', formatUsd(t.emv_cents)],
    ['CPE', cost(t.ratios.cpe)],
    ['CPM', cost(t.ratios.cpm)],
    ['CPC', cost(t.ratios.cpc)],
    ['CPA', cost(t.ratios.cpa)],
    ['ROAS', roas(t.ratios.roas)],
  ];
  for (const [label, value] of totals) {
    need(14);
    text(label, MARGIN, 9, regular, label.startsWith('  ') ? muted : ink);
    right(value, 330, 9, label.startsWith('  ') ? regular : bold);
    y -= 13;
  }

  heading('How the figures are computed');
  paragraph(report.method.emv_formula);
  y -= 4;
  for (const formula of Object.values(report.method.ratio_formulas)) paragraph(formula);
  paragraph(report.method.spend);
  paragraph(
    `${report.method.attribution_rule} Attribution window: ${report.method.attribution_window_days} days.`,
  );
  paragraph(report.method.days);

  heading('Per creator');
  table(
    [
      { label: 'Creator', x: 0 },
      { label: 'Spend', x: 300 },
      { label: 'Clicks', x: 345 },
      { label: 'Conv.', x: 385 },
      { label: 'Revenue', x: 445 },
      { label: 'EMV', x: 505 },
      { label: 'ROAS', x: WIDTH - MARGIN - 4 },
    ],
    report.creators.map((c) => [
      c.name,
      formatUsd(c.spend.cents),
      count(c.clicks.unique),
      count(c.conversions),
      formatUsd(c.revenue_usd_cents),
      formatUsd(c.emv_cents),
      c.ratios.roas.value === null ? '—' : `${c.ratios.roas.value.toFixed(2)}×`,
    ]),
  );

  const days = report.daily.filter((d) => d.clicks || d.conversions || d.engagements || d.revenue.length);
  heading(`Days with figures${days.length > 60 ? ' (the last 60)' : ''}`);
  table(
    [
      { label: 'Date', x: 0 },
      { label: 'Clicks', x: 300 },
      { label: 'Conversions', x: 380 },
      { label: 'Revenue (USD)', x: 470 },
      { label: 'Engagements', x: WIDTH - MARGIN - 4 },
    ],
    days
      .slice(-60)
      .map((d) => [
        usDate(`${d.date}T00:00:00Z`),
        count(d.clicks),
        count(d.conversions),
        fromMinorUnits(d.revenue_usd_cents, 'USD'),
        count(d.engagements),
      ]),
  );

  heading('Top posts');
  table(
    [
      { label: 'Creator · platform · source', x: 0 },
      { label: 'Engagements', x: 400 },
      { label: 'Impressions', x: 480 },
      { label: 'EMV', x: WIDTH - MARGIN - 4 },
    ],
    report.top_posts.map((p) => [
      `${p.creator} · ${p.platform} · ${p.metrics ? `${p.metrics.source} ${usDate(p.metrics.as_of)}` : 'not fetched'}`,
      count(p.engagements),
      count(p.impressions),
      formatUsd(p.emv_cents),
    ]),
  );
  return pdf.save();
}
