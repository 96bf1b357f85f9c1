import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signUpAndLogin, type TestApp, testCard } from './harness';

/*
 * Issue 13: invoice PDFs answered 500 for any name outside Windows-1252 (pdf-lib's standard fonts). They embed
 * Unicode fonts from npm packages now: Noto Sans, and Noto Sans JP when the text has Japanese or Chinese.
 */

const V = '/api/v1';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A new business named `name` on the Pro plan: its first invoice's PDF. */
async function invoicePdfFor(name: string) {
  const me = await signUpAndLogin(t.app, 'business');
  const api = client(t.app, me.access);
  const user = await t.app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', me.email)
    .executeTakeFirstOrThrow();
  await t.app.ctx.db
    .updateTable('businesses')
    .set({ business_name: name, address_1: 'ul. Piotrkowska 1', city: 'Łódź' })
    .where('user_id', '=', user.id)
    .execute();
  expect((await api.post(`${V}/my/paymentMethods`, { card: testCard('4242424242424242') })).status).toBe(201);
  const plan = await api.post(`${V}/my/subscription`, { plan: 'pro' });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const invoices = (await api.get(`${V}/my/invoices`)).body.data as { pdf_url: string }[];
  expect(invoices).toHaveLength(1);
  return t.app.inject({ url: invoices[0]!.pdf_url, headers: { authorization: `Bearer ${me.access}` } });
}

/** The BaseFont names of the fonts a PDF embeds (subset prefixes and pdf-lib's numbering removed). */
async function fontsOf(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const text = object.toString();
    const match = text.match(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/);
    // pdf-lib names an embedded font `<PostScript name>-<n>`.
    if (match && text.includes('/Type /Font')) names.add(match[1]!.replace(/-\d+$/, ''));
  }
  return [...names].sort();
}

describe('invoice PDFs in any script', () => {
  it('renders a name with Polish letters and Japanese characters', async () => {
    const pdf = await invoicePdfFor('Łódź Studio 東京');
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fonts = await fontsOf(pdf.rawPayload);
    expect(fonts).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold']));
    expect(fonts.some((f) => f.startsWith('NotoSansJP'))).toBe(true);
    // Subset to the glyphs used: far from the fonts' megabytes.
    expect(pdf.rawPayload.length).toBeLessThan(400_000);
  });

  it('embeds no Japanese font when the invoice needs none, and draws a name in another script', async () => {
    const latin = await invoicePdfFor('Ærø Straße Ñandú');
    expect(latin.statusCode).toBe(200);
    expect((await fontsOf(latin.rawPayload)).some((f) => f.startsWith('NotoSansJP'))).toBe(false);
    // Hangul is in neither font: drawn as "?", never a 500.
    expect((await invoicePdfFor('서울 Studio')).statusCode).toBe(200);
  });
});
