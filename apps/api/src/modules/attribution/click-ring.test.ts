import { describe, expect, it } from 'vitest';
import { clickRing, newRingBuffer } from './click-ring';
import type { ClickRecord, ClickVisit } from './links';

const click = (i: number, over: Partial<ClickRecord> = {}): ClickRecord => ({
  clickId: `01a21478-e416-7685-a3a6-${String(i).padStart(12, '0')}`,
  link: { linkId: 7 + i, campaignId: 3, businessId: 2, influencerUserId: 2 ** 40 + i },
  at: new Date(1_764_000_000_000 + i),
  platform: (['ios', 'android', 'desktop', 'other'] as const)[i % 4] ?? 'other',
  referrerHost: i % 2 ? null : `l${i}.instagram.com`,
  visitorHash: (i % 16).toString(16).repeat(64),
  bot: i % 3 === 0,
  ...over,
});

const visit = (i: number, over: Partial<ClickVisit> = {}): ClickVisit => ({
  clickId: `01a21478-e416-7685-a3a6-${String(i).padStart(12, '0')}`,
  link: { linkId: 7 + i, campaignId: 3, businessId: 2, influencerUserId: 2 ** 40 + i },
  at: new Date(1_764_000_000_000 + i),
  ip: i % 2 ? `10.0.0.${i}` : `2001:db8::${i}`,
  userAgent: `Mozilla/5.0 (iPhone) visitor/${i}`,
  referer: i % 3 ? `https://l.instagram.com/?u=${i}` : undefined,
  ...over,
});
/** What the reader is given to read a visit into a click: the visit kept as it came, to compare. */
const seen: ClickVisit[] = [];
const derive = (v: ClickVisit): ClickRecord => {
  seen.push(v);
  return { ...click(0), clickId: v.clickId, link: v.link, at: v.at };
};
const noVisits = (v: ClickVisit): ClickRecord => {
  throw new Error(`no visit was written: ${v.clickId}`);
};

describe('click ring', () => {
  it('hands clicks over as they were written, in order, across the end of the buffer', () => {
    const ring = clickRing(newRingBuffer(8));
    let written = 0;
    let read = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 5; i++) expect(ring.write(click(written++))).toBe(true);
      const batch = ring.read(100, noVisits);
      expect(batch).toEqual(Array.from({ length: 5 }, (_, i) => click(read + i)));
      // Not freed yet: the slots still count.
      expect(ring.used()).toBe(5);
      ring.free(batch.length);
      read += batch.length;
      expect(ring.used()).toBe(0);
    }
  });

  it('refuses a click when full (the caller stores it instead) until the reader frees slots', () => {
    const ring = clickRing(newRingBuffer(4));
    for (let i = 0; i < 4; i++) expect(ring.write(click(i))).toBe(true);
    expect(ring.write(click(4))).toBe(false);
    expect(ring.read(2, noVisits)).toEqual([click(0), click(1)]);
    expect(ring.write(click(4))).toBe(false);
    ring.free(2);
    expect(ring.write(click(4))).toBe(true);
    expect(ring.read(10, noVisits)).toEqual([click(2), click(3), click(4)]);
  });

  it('refuses what does not fit a slot, writing nothing', () => {
    const ring = clickRing(newRingBuffer(4));
    expect(ring.write(click(1, { referrerHost: 'ü.example' }))).toBe(false);
    expect(ring.write(click(1, { referrerHost: 'a'.repeat(256) }))).toBe(false);
    expect(ring.write(click(1, { clickId: 'short' }))).toBe(false);
    expect(ring.write(click(1, { visitorHash: 'é'.repeat(64) }))).toBe(false);
    expect(ring.used()).toBe(0);
    expect(ring.write(click(2, { referrerHost: 'a'.repeat(255) }))).toBe(true);
    expect(ring.read(10, noVisits)).toEqual([click(2, { referrerHost: 'a'.repeat(255) })]);
  });

  it('hands visits over as the request told them, beside clicks already read, in order', () => {
    const ring = clickRing(newRingBuffer(8));
    seen.length = 0;
    const visits = [
      visit(1),
      visit(2),
      // Texts as a header may carry them (Latin-1 bytes, read as such) and as app.inject may (any string).
      visit(3, {
        userAgent: 'Mozilla/5.0 (Linux; Android 14) café ü 日本 😀',
        referer: 'https://exämple.org/ä?q=ß',
      }),
      visit(4, { userAgent: undefined, referer: undefined, ip: '' }),
      // The texts together as long as a slot holds.
      visit(5, { userAgent: 'u'.repeat(300), referer: `https://r.example/${'p'.repeat(80)}` }),
    ];
    expect(ring.write(click(9))).toBe(true);
    for (const v of visits) expect(ring.writeVisit(v)).toBe(true);
    const read = ring.read(100, derive);
    expect(read.map((c) => c.clickId)).toEqual([click(9).clickId, ...visits.map((v) => v.clickId)]);
    expect(read[0]).toEqual(click(9));
    // An absent user agent or Referer comes back absent (the same click as an empty one: links.clickOfVisit).
    expect(seen).toEqual(visits);
  });

  it('refuses a visit whose texts do not fit a slot, or when full, writing nothing', () => {
    const ring = clickRing(newRingBuffer(2));
    expect(ring.writeVisit(visit(1, { userAgent: 'u'.repeat(500) }))).toBe(false);
    expect(ring.writeVisit(visit(1, { userAgent: 'u'.repeat(300), referer: 'r'.repeat(200) }))).toBe(false);
    // 140 characters of three UTF-8 bytes each: short enough as characters, too long as bytes.
    expect(ring.writeVisit(visit(1, { userAgent: '日'.repeat(140) }))).toBe(false);
    expect(ring.writeVisit(visit(1, { clickId: 'short' }))).toBe(false);
    expect(ring.used()).toBe(0);
    expect(ring.writeVisit(visit(1))).toBe(true);
    expect(ring.writeVisit(visit(2))).toBe(true);
    expect(ring.writeVisit(visit(3))).toBe(false);
    seen.length = 0;
    expect(ring.read(10, derive)).toHaveLength(2);
    expect(seen).toEqual([visit(1), visit(2)]);
  });

  it("zeroes a freed slot's texts: an address is in memory only until its click is stored", () => {
    const buffer = newRingBuffer(4);
    const ring = clickRing(buffer);
    const address = '198.51.100.77';
    const held = () => Buffer.from(buffer).includes(address);
    expect(ring.writeVisit(visit(1, { ip: address }))).toBe(true);
    expect(held()).toBe(true);
    ring.read(10, derive);
    // Read, not freed yet (not stored): still there for a worker that dies before storing it.
    expect(held()).toBe(true);
    ring.free(1);
    expect(held()).toBe(false);
    expect(ring.used()).toBe(0);
  });
});
