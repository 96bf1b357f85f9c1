/**
 * The click worker: a worker thread (click-offload.ts starts it) that stores the clicks the redirect writes into
 * the shared ring (click-ring.ts) — reading each visit into its click first: the visitor hash (with the key it
 * is given), the browser, the referrer's host — with its own connection to PostgreSQL, as the main thread's writer does
 * (createClickWriter): a batch when the oldest click waiting has waited `flushMs` (click-offload.ts:
 * WORKER_FLUSH_MS) or at once when CLICK_BATCH are waiting, each in one transaction (storeClicks), a failed batch
 * retried click by click. A click's slot is freed once it is
 * stored. Messages: `drain` (answered `drained` once the ring is empty), `stop` (drains, closes its connection
 * and exits); it sends `error` for a click it could not store.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database';
import { clickRing } from './click-ring';
import {
  CLICK_BATCH,
  type ClickRecord,
  type ClickVisit,
  clickOfVisit,
  recordClick,
  storeClicks,
  visitorHasher,
} from './links';

/** What the worker is started with: the ring, the database, how long a click may wait, the visitor hash's key. */
export type ClickWorkerData = {
  buffer: SharedArrayBuffer;
  url: string;
  flushMs: number;
  visitorKey: Uint8Array;
};

/** How often an idle worker looks at the ring (a message to drain or stop wakes it at once). */
const IDLE_POLL_MS = 50;
export type ClickWorkerMessage =
  | { type: 'drained'; id: number }
  | { type: 'error'; message: string; error: string };

const port = parentPort;
if (port) {
  const { buffer, url, flushMs, visitorKey } = workerData as ClickWorkerData;
  const visitor = visitorHasher(Buffer.from(visitorKey));
  const derive = (visit: ClickVisit) => clickOfVisit(visitor, visit);
  const send = (message: ClickWorkerMessage) => port.postMessage(message);
  const ring = clickRing(buffer);
  const drains: number[] = [];
  let stopping = false;
  let wake: (() => void) | null = null;
  port.on('message', (message: { type: 'drain'; id: number } | { type: 'stop' }) => {
    if (message.type === 'drain') drains.push(message.id);
    else stopping = true;
    wake?.();
  });
  // The loop's timers and connection keep the worker alive, not the port: after `stop` it exits.
  port.unref();
  const database = await openDatabase({
    url,
    dataDir: '',
    poolSize: 1,
    log: { error: (details, message) => send({ type: 'error', message, error: JSON.stringify(details) }) },
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const store = async (batch: ClickRecord[]) => {
    try {
      await database.db.transaction().execute((trx) => storeClicks(trx, batch));
    } catch {
      for (const click of batch)
        await recordClick(database.db, click).catch((error: unknown) =>
          send({ type: 'error', message: 'link click not stored', error: String(error) }),
        );
    }
  };
  // When the first of the clicks waiting was seen (0: none waiting).
  let since = 0;
  for (;;) {
    const waiting = ring.used();
    if (waiting === 0) {
      for (const id of drains.splice(0)) send({ type: 'drained', id });
      if (stopping) break;
      since = 0;
      await pause(IDLE_POLL_MS);
      continue;
    }
    if (since === 0) since = Date.now();
    // Fewer than a batch: they wait until the oldest has waited flushMs, unless the ring is to be emptied.
    const left = flushMs - (Date.now() - since);
    if (waiting < CLICK_BATCH && drains.length === 0 && !stopping && left > 0) {
      await pause(Math.min(left, IDLE_POLL_MS));
      continue;
    }
    const batch = ring.read(CLICK_BATCH, derive);
    await store(batch);
    ring.free(batch.length);
    since = 0;
  }
  await database.close();
}
