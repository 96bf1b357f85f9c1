import type { InvoicesPage, invoicesQuery } from '@reach/contract/billing';
import { formatUsd } from '@reach/contract/money';
import { CARD_BRAND_LABELS, type CardBrandValue } from '@reach/contract/payments';
import { sql } from 'kysely';
import type { PDFPage } from 'pdf-lib';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { InvoiceRow } from '../../db/schema';
import { presentInvoice } from '../payments/presenter';
import { drawText, embedTextFonts, loadPdfLib, type PdfTextFont, textWidth } from './pdf-text';

/** GET /my/invoices: the business's plan invoices, newest first by default. */
export async function listInvoices(
  ctx: AppContext,
  userId: number,
  q: z.output<typeof invoicesQuery>,
): Promise<InvoicesPage> {
  let base = ctx.db.selectFrom('invoices').where('user_id', '=', userId);
  if (q.status) base = base.where('status', '=', q.status);
  const sort = q.sortBy === 'total' ? sql`total_cents` : sql`created_at`;
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(sort, q.sortDesc)
      .orderBy('id', q.sortDesc)
      .limit(q.items)
      .offset((q.page - 1) * q.items)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentInvoice), total: Number(total.n) };
}

const day = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** The invoice as a one-page PDF (US Letter): who, what, the amounts, how it was paid. */
export async function invoicePdf(ctx: AppContext, invoice: InvoiceRow): Promise<Uint8Array> {
  const owner = await ctx.db
    .selectFrom('users as u')
    .leftJoin('businesses as b', 'b.user_id', 'u.id')
    .leftJoin('states as s', 's.id', 'b.state_id')
    .select([
      'u.email',
      'u.given_name',
      'u.family_name',
      'b.business_name',
      'b.address_1',
      'b.city',
      'b.postal_code',
      's.code as state',
    ])
    .where('u.id', '=', invoice.user_id)
    .executeTakeFirstOrThrow();

  const { PDFDocument, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setAuthor('REACH');
  pdf.setCreationDate(invoice.created_at);
  const page = pdf.addPage([612, 792]);
  const billedTo = [
    owner.business_name || `${owner.given_name} ${owner.family_name}`,
    owner.address_1,
    [owner.city, [owner.state, owner.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    owner.email,
  ].filter((l): l is string => !!l);
  // Unicode fonts (any business name, address or coupon code), embedded for the strings this invoice shows.
  const { regular, bold } = await embedTextFonts(pdf, [
    ...billedTo,
    invoice.description,
    invoice.coupon_code ?? '',
  ]);
  const ink = rgb(0.12, 0.13, 0.16);
  const muted = rgb(0.42, 0.45, 0.5);
  const accent = rgb(0.36, 0.27, 0.93);
  const text = (
    p: PDFPage,
    s: string,
    x: number,
    y: number,
    size = 10,
    font: PdfTextFont = regular,
    color = ink,
  ) => drawText(p, s, { x, y, size, font, color });
  const right = (s: string, x: number, y: number, size = 10, font: PdfTextFont = regular, color = ink) =>
    text(page, s, x - textWidth(font, s, size), y, size, font, color);

  text(page, 'REACH', 56, 724, 24, bold, accent);
  text(page, 'Influencer marketing platform', 56, 708, 9, regular, muted);
  right('INVOICE', 556, 726, 18, bold);
  right(invoice.number, 556, 708, 10, regular, muted);

  let y = 660;
  text(page, 'Billed to', 56, y, 9, bold, muted);
  text(page, 'Invoice date', 360, y, 9, bold, muted);
  right(day(invoice.created_at), 556, y, 10);
  for (const [i, l] of billedTo.entries()) text(page, l, 56, y - 16 - i * 14, 10, i === 0 ? bold : regular);
  text(page, 'Status', 360, y - 16, 9, bold, muted);
  right(
    invoice.status.toUpperCase(),
    556,
    y - 16,
    10,
    bold,
    invoice.status === 'paid' ? rgb(0.05, 0.55, 0.35) : ink,
  );
  if (invoice.paid_at) {
    text(page, 'Paid on', 360, y - 32, 9, bold, muted);
    right(day(invoice.paid_at), 556, y - 32, 10);
  }

  y = 540;
  page.drawRectangle({ x: 56, y: y - 6, width: 500, height: 22, color: rgb(0.95, 0.95, 0.98) });
  text(page, 'Description', 64, y, 9, bold, muted);
  text(page, 'Period', 300, y, 9, bold, muted);
  right('Amount', 548, y, 9, bold, muted);
  y -= 28;
  text(page, invoice.description, 64, y, 10);
  text(page, `${day(invoice.period_start)} - ${day(invoice.period_end)}`, 300, y, 10);
  right(formatUsd(invoice.subtotal_cents), 548, y, 10);
  y -= 12;
  page.drawLine({ start: { x: 56, y }, end: { x: 556, y }, thickness: 0.5, color: rgb(0.85, 0.86, 0.9) });

  y -= 24;
  const row = (label: string, value: string, strong = false) => {
    text(page, label, 360, y, 10, strong ? bold : regular, strong ? ink : muted);
    right(value, 548, y, strong ? 12 : 10, strong ? bold : regular);
    y -= strong ? 22 : 18;
  };
  row('Subtotal', formatUsd(invoice.subtotal_cents));
  if (invoice.credit_cents > 0) row('Credit for unused time', `-${formatUsd(invoice.credit_cents)}`);
  if (invoice.discount_cents > 0)
    row(
      `Discount${invoice.coupon_code ? ` (${invoice.coupon_code})` : ''}`,
      `-${formatUsd(invoice.discount_cents)}`,
    );
  row('Total (USD)', formatUsd(invoice.total_cents), true);
  if (invoice.card_last4) {
    const brand = CARD_BRAND_LABELS[(invoice.card_brand ?? 'unknown') as CardBrandValue] ?? 'Card';
    text(page, `Paid with ${brand} ending in ${invoice.card_last4}`, 56, y + 22, 10, regular, muted);
  }

  text(page, 'Thank you for using REACH.', 56, 96, 10, bold);
  text(
    page,
    `Questions about this invoice? Reply to any REACH email or write to billing@reach.local.`,
    56,
    80,
    9,
    regular,
    muted,
  );
  return pdf.save();
}
