import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context';
import { type ClickRing, clickRing, newRingBuffer } from './click-ring';
import type { ClickWorkerData, ClickWorkerMessage } from './click-worker';
import {
  CLICK_BATCH,
  type ClickSink,
  type ClickVisit,
  clickOfVisit,
  createClickWriter,
  type VisitorHasher,
} from './links';

/**
 * How long a click may wait in the ring for others to be stored with (unless a batch fills first): longer than
 * the main thread's writer (CLICK_FLUSH_MS), for batches of ~CLICK_BATCH at a few thousand visits a second. A
 * batch has a fixed cost (five round trips, three statements planned, a commit): stored 500 at a time, a click
 * cost the database ~2.5 µs and the worker ~2 µs more than 2,000 at a time.
 */
export const WORKER_FLUSH_MS = 250;

/**
 * The worker's module beside this one: the built `click-worker.js` (scripts/build-api.mjs makes it an entry of
 * its own, beside server.js), or the TypeScript source in a process started with tsx's loader, which the worker
 * inherits (the tests' runner has its own: its apps store clicks on the main thread). Null: none.
 */
function workerEntry(): URL | null {
  const here = import.meta.url;
  const source = here.endsWith('.ts');
  if (source && !process.execArgv.some((arg) => arg.includes('tsx'))) return null;
  const entry = new URL(source ? './click-worker.ts' : './click-worker.js', here);
  return entry.protocol === 'file:' && fs.existsSync(fileURLToPath(entry)) ? entry : null;
}

/**
 * A click sink that takes the clicks off the main thread, for PostgreSQL: each visit is copied as the request
 * told it into a shared ring (click-ring.ts) that a worker thread (click-worker.ts), with its own connection,
 * reads into clicks (the visitor hash with `visitorKey`, the browser, the referrer's host) and stores in batches.
 * The worker starts with the first click (or `start`). A visit whose texts do not fit a slot is read into its
 * click here and goes into the ring as such. A click the ring cannot take (full, or of unexpected shape), every
 * click when the worker cannot be started, and what a worker that died left in the ring are stored by the main
 * thread's writer instead: no click is dropped. `close` (the app's onClose) sends the clicks that come after it
 * to the main thread's writer, has the worker store everything in the ring and stop, then drains the main
 * thread's writer: a graceful shutdown loses nothing counted.
 */
export function createOffloadedClickWriter(
  ctx: Pick<AppContext, 'db' | 'log'>,
  options: {
    url: string;
    visitor: VisitorHasher;
    visitorKey: Buffer;
    flushMs?: number;
    ringSlots?: number;
  },
) {
  const { visitor } = options;
  const derive = (visit: ClickVisit) => clickOfVisit(visitor, visit);
  const inline = createClickWriter(ctx, { flushMs: options.flushMs });
  const entry = workerEntry();
  let ring: ClickRing | null = null;
  let worker: Worker | null = null;
  let open = entry !== null;
  let exited: Promise<void> = Promise.resolve();
  let requests = 0;
  const drains = new Map<number, () => void>();

  /** The worker is gone: what it had not stored is stored here, and the clicks after it too. */
  function rescue() {
    const left = ring;
    ring = null;
    worker = null;
    open = false;
    if (left)
      for (let batch = left.read(CLICK_BATCH, derive); batch.length; batch = left.read(CLICK_BATCH, derive)) {
        left.free(batch.length);
        for (const click of batch) inline.write(click);
      }
    for (const resolve of drains.values()) resolve();
    drains.clear();
  }

  function start(from: URL) {
    const buffer = newRingBuffer(options.ringSlots);
    const data: ClickWorkerData = {
      buffer,
      url: options.url,
      flushMs: options.flushMs ?? WORKER_FLUSH_MS,
      visitorKey: new Uint8Array(options.visitorKey),
    };
    // Loaded by import(), after registering tsx's hooks in the worker for the TypeScript source (a worker's
    // entry given as a .ts file is refused before any hook could load it).
    const tsx = from.pathname.endsWith('.ts')
      ? `(await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})).register();`
      : '';
    const started = new Worker(`(async () => { ${tsx} await import(${JSON.stringify(from.href)}); })();`, {
      eval: true,
      workerData: data,
    });
    ring = clickRing(buffer);
    worker = started;
    started.unref();
    started.on('message', (message: ClickWorkerMessage) => {
      if (message.type === 'drained') {
        drains.get(message.id)?.();
        drains.delete(message.id);
      } else ctx.log.error({ err: message.error }, message.message);
    });
    started.on('error', (error) => ctx.log.error({ err: error }, 'click worker failed'));
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        if (worker === started) rescue();
        resolve();
      }),
    );
  }

  /** Until the worker has stored every click the ring held when asked. */
  function workerDrained(): Promise<void> {
    const current = worker;
    if (!current) return Promise.resolve();
    const id = ++requests;
    return new Promise<void>((resolve) => {
      drains.set(id, resolve);
      current.postMessage({ type: 'drain', id });
    });
  }

  return {
    /** Starts the worker now rather than with the first click (a server about to take visits). */
    start(): void {
      if (open && !ring && entry) start(entry);
    },
    visit(visit: ClickVisit): ReturnType<ClickSink['visit']> {
      if (open) {
        if (!ring && entry) start(entry);
        if (ring?.writeVisit(visit)) return undefined;
        const click = derive(visit);
        if (ring?.write(click)) return undefined;
        return inline.write(click);
      }
      return inline.write(derive(visit));
    },
    /** Clicks not stored yet (the ring's, the main thread's). */
    pending: (): number => (ring?.used() ?? 0) + inline.pending(),
    /** Stores every waiting click now (the worker keeps running). */
    async drain(): Promise<void> {
      await workerDrained();
      await inline.drain();
    },
    /** Stores every waiting click and stops the worker; clicks written from now on are stored here. */
    async close(): Promise<void> {
      open = false;
      const current = worker;
      if (current) {
        await workerDrained();
        current.postMessage({ type: 'stop' });
        await exited;
      }
      await inline.drain();
    },
  };
}
