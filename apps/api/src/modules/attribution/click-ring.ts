import type { ClickPlatform } from '../../db/schema';
import type { ClickRecord, ClickVisit } from './links';

/**
 * Clicks handed from the redirect (the main thread) to the click worker (click-worker.ts) through shared memory:
 * a ring of fixed-width slots in a SharedArrayBuffer, one writer and one reader. Writing a click copies its
 * fields into a slot (numbers and texts) and publishes it by advancing `head`
 * (Atomics); the worker reads the slots up to `head`, stores them, and frees them by advancing `tail` only once
 * they are stored — a worker that dies leaves what it had not stored in the ring, for the main thread to
 * store. No structured clone and no message per click: postMessage'ing the clicks cost the main thread about
 * what storing them did.
 *
 * A slot holds either a visit as the request told it (`writeVisit`: the address, user agent and Referer as
 * given, read into a click by the reader with `derive` — the visitor hash, the browser and the referrer's host
 * are then the worker's work, not the redirect's) or a click already read (`write`: the visitor hash, platform
 * and referrer host), for a visit whose texts do not fit a slot. The address is in the ring only until its click
 * is stored (`free` zeroes the slot's texts); it is never stored itself.
 */

/** Slots in the ring (a power of two). A click that finds it full is stored by the main thread instead. */
export const RING_SLOTS = 16_384;
const SLOT_BYTES = 512;
const HEADER_BYTES = 64;
const HEAD = 0;
const TAIL = 1;

// A slot: 5 float64 (link id, campaign id, business id, creator id, time in ms), then bytes.
const PLATFORM = 40;
const BOT = 41;
const REFERRER_LENGTH = 42; // 0: no referrer
const KIND = 43; // CLICK or VISIT
const CLICK_ID = 48; // 36 ASCII characters
const VISITOR = 84; // 64 hex digits
const REFERRER = 148; // up to 255 ASCII characters
const CLICK_ID_LENGTH = 36;
const VISITOR_LENGTH = 64;
const REFERRER_MAX = 255;
// A visit's slot: after the click id, the UTF-8 lengths of the address (a byte), the user agent and the Referer
// (two bytes each), then the three texts one after the other.
const IP_LENGTH = 84;
const AGENT_LENGTH = 85;
const REFERER_LENGTH = 87;
const TEXTS = 89;
const CLICK = 0;
const VISIT = 1;

const PLATFORMS: readonly ClickPlatform[] = ['ios', 'android', 'desktop', 'other'];

export type ClickRing = ReturnType<typeof clickRing>;

export function newRingBuffer(slots = RING_SLOTS): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + slots * SLOT_BYTES);
}

/** Copies `text` (ASCII, `length` characters) into `bytes` at `at`; false when a character is not ASCII. */
function putAscii(bytes: Uint8Array, at: number, text: string, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return false;
    bytes[at + i] = c;
  }
  return true;
}

/**
 * Writes `text` as UTF-8 into `bytes` at `at`, in at most `room` bytes: its length, or -1 when it does not fit
 * (Buffer.write stops short of a character that would not fit, so a write that ends within 3 bytes of `room`
 * is checked against the text's whole length).
 */
function putText(bytes: Buffer, at: number, text: string, room: number): number {
  if (text.length === 0) return 0;
  if (text.length > room) return -1;
  const written = bytes.write(text, at, room, 'utf8');
  return written >= room - 3 && Buffer.byteLength(text, 'utf8') !== written ? -1 : written;
}

/** The ring over `buffer` (made by newRingBuffer), as either side sees it. */
export function clickRing(buffer: SharedArrayBuffer) {
  const slots = (buffer.byteLength - HEADER_BYTES) / SLOT_BYTES;
  const mask = slots - 1;
  const counters = new Int32Array(buffer, 0, 2);
  const bytes = new Uint8Array(buffer);
  const numbers = new Float64Array(buffer);
  const text = Buffer.from(buffer);
  const offset = (index: number) => HEADER_BYTES + (index & mask) * SLOT_BYTES;
  /** A click's or a visit's link ids and time, the slot's first five numbers (read back by `read`). */
  const putLinkAndTime = (at: number, { link, at: time }: Pick<ClickRecord, 'link' | 'at'>) => {
    const n = at / 8;
    numbers[n] = link.linkId;
    numbers[n + 1] = link.campaignId;
    numbers[n + 2] = link.businessId;
    numbers[n + 3] = link.influencerUserId;
    numbers[n + 4] = time.getTime();
  };

  return {
    slots,
    /** Clicks written and not yet freed by the reader. */
    used: (): number => (Atomics.load(counters, HEAD) - Atomics.load(counters, TAIL)) | 0,

    /**
     * Writer: copies `click` into the next slot and publishes it. False (nothing written) when the ring is
     * full or the click does not fit a slot (a click id, visitor hash or referrer host of unexpected shape).
     */
    write(click: ClickRecord): boolean {
      const head = Atomics.load(counters, HEAD);
      if (((head - Atomics.load(counters, TAIL)) | 0) >= slots) return false;
      const platform = PLATFORMS.indexOf(click.platform);
      const referrer = click.referrerHost;
      if (
        platform < 0 ||
        click.clickId.length !== CLICK_ID_LENGTH ||
        click.visitorHash.length !== VISITOR_LENGTH ||
        (referrer !== null && (referrer.length === 0 || referrer.length > REFERRER_MAX))
      )
        return false;
      const at = offset(head);
      if (
        !putAscii(bytes, at + CLICK_ID, click.clickId, CLICK_ID_LENGTH) ||
        !putAscii(bytes, at + VISITOR, click.visitorHash, VISITOR_LENGTH) ||
        (referrer !== null && !putAscii(bytes, at + REFERRER, referrer, referrer.length))
      )
        return false;
      putLinkAndTime(at, click);
      bytes[at + PLATFORM] = platform;
      bytes[at + BOT] = click.bot ? 1 : 0;
      bytes[at + REFERRER_LENGTH] = referrer === null ? 0 : referrer.length;
      bytes[at + KIND] = CLICK;
      Atomics.store(counters, HEAD, (head + 1) | 0);
      return true;
    },

    /**
     * Writer: copies a visit as the request told it into the next slot and publishes it. False (nothing
     * written) when the ring is full, or the click id is not one, or the address, user agent and Referer do
     * not fit a slot together (the caller reads the visit into a click itself then: `write`).
     */
    writeVisit(visit: ClickVisit): boolean {
      const head = Atomics.load(counters, HEAD);
      if (((head - Atomics.load(counters, TAIL)) | 0) >= slots) return false;
      if (visit.clickId.length !== CLICK_ID_LENGTH) return false;
      const at = offset(head);
      let end = at + TEXTS;
      const room = at + SLOT_BYTES;
      const ip = putText(text, end, visit.ip, Math.min(255, room - end));
      if (ip < 0) return false;
      end += ip;
      const agent = putText(text, end, visit.userAgent ?? '', Math.min(65_535, room - end));
      if (agent < 0) return false;
      end += agent;
      const referer = putText(text, end, visit.referer ?? '', Math.min(65_535, room - end));
      if (referer < 0) return false;
      if (text.write(visit.clickId, at + CLICK_ID, CLICK_ID_LENGTH, 'latin1') !== CLICK_ID_LENGTH)
        return false;
      putLinkAndTime(at, visit);
      bytes[at + IP_LENGTH] = ip;
      text.writeUInt16LE(agent, at + AGENT_LENGTH);
      text.writeUInt16LE(referer, at + REFERER_LENGTH);
      bytes[at + KIND] = VISIT;
      Atomics.store(counters, HEAD, (head + 1) | 0);
      return true;
    },

    /**
     * Reader: up to `max` clicks from the oldest published, left in the ring until `free`d; a visit is read
     * into its click by `derive`.
     */
    read(max: number, derive: (visit: ClickVisit) => ClickRecord): ClickRecord[] {
      const tail = Atomics.load(counters, TAIL);
      const count = Math.min(max, (Atomics.load(counters, HEAD) - tail) | 0);
      const clicks: ClickRecord[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const at = offset(tail + i);
        const n = at / 8;
        const clickId = text.toString('latin1', at + CLICK_ID, at + CLICK_ID + CLICK_ID_LENGTH);
        const link = {
          linkId: numbers[n] as number,
          campaignId: numbers[n + 1] as number,
          businessId: numbers[n + 2] as number,
          influencerUserId: numbers[n + 3] as number,
        };
        const time = new Date(numbers[n + 4] as number);
        if (bytes[at + KIND] === VISIT) {
          const ip = at + TEXTS + (bytes[at + IP_LENGTH] as number);
          const agent = ip + text.readUInt16LE(at + AGENT_LENGTH);
          const referer = agent + text.readUInt16LE(at + REFERER_LENGTH);
          clicks[i] = derive({
            clickId,
            link,
            at: time,
            ip: text.toString('utf8', at + TEXTS, ip),
            userAgent: agent > ip ? text.toString('utf8', ip, agent) : undefined,
            referer: referer > agent ? text.toString('utf8', agent, referer) : undefined,
          });
          continue;
        }
        const referrer = bytes[at + REFERRER_LENGTH] as number;
        clicks[i] = {
          clickId,
          link,
          at: time,
          platform: PLATFORMS[bytes[at + PLATFORM] as number] as ClickPlatform,
          bot: bytes[at + BOT] === 1,
          referrerHost:
            referrer === 0 ? null : text.toString('latin1', at + REFERRER, at + REFERRER + referrer),
          visitorHash: text.toString('latin1', at + VISITOR, at + VISITOR + VISITOR_LENGTH),
        };
      }
      return clicks;
    },

    /**
     * Reader: frees the `count` oldest slots (their clicks are stored), a visit's texts zeroed first: its
     * address does not stay in memory once its click is stored.
     */
    free(count: number): void {
      const tail = Atomics.load(counters, TAIL);
      for (let i = 0; i < count; i++) {
        const at = offset(tail + i);
        if (bytes[at + KIND] !== VISIT) continue;
        const length =
          (bytes[at + IP_LENGTH] as number) +
          text.readUInt16LE(at + AGENT_LENGTH) +
          text.readUInt16LE(at + REFERER_LENGTH);
        bytes.fill(0, at + TEXTS, at + TEXTS + length);
      }
      Atomics.store(counters, TAIL, (tail + count) | 0);
    },
  };
}
