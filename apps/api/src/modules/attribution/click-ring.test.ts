import { describe, expect, it } from 'vitest';
import { clickRing, newRingBuffer } from './click-ring';
import type { ClickRecord } from './links';

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

describe('click ring', () => {
  it('hands clicks over as they were written, in order, across the end of the buffer', () => {
    const ring = clickRing(newRingBuffer(8));
    let written = 0;
    let read = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 5; i++) expect(ring.write(click(written++))).toBe(true);
      const batch = ring.read(100);
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
    expect(ring.read(2)).toEqual([click(0), click(1)]);
    expect(ring.write(click(4))).toBe(false);
    ring.free(2);
    expect(ring.write(click(4))).toBe(true);
    expect(ring.read(10)).toEqual([click(2), click(3), click(4)]);
  });

  it('refuses what does not fit a slot, writing nothing', () => {
    const ring = clickRing(newRingBuffer(4));
    expect(ring.write(click(1, { referrerHost: 'ü.example' }))).toBe(false);
    expect(ring.write(click(1, { referrerHost: 'a'.repeat(256) }))).toBe(false);
    expect(ring.write(click(1, { clickId: 'short' }))).toBe(false);
    expect(ring.write(click(1, { visitorHash: 'é'.repeat(64) }))).toBe(false);
    expect(ring.used()).toBe(0);
    expect(ring.write(click(2, { referrerHost: 'a'.repeat(255) }))).toBe(true);
    expect(ring.read(10)).toEqual([click(2, { referrerHost: 'a'.repeat(255) })]);
  });
});
