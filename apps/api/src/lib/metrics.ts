import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../db/schema';

/*
 * The Prometheus metrics of one app (one registry per app, so tests can build several in one process).
 *
 * Two kinds of figures:
 *  - this process's own, kept in memory: requests by route pattern, method and status (count and latency),
 *    open event streams, the database pool, Node's process metrics. Sum them across replicas.
 *  - the business's, read from the database when scraped (job queue, mail, discovery credits, payments): the
 *    same figure on every replica, right across replicas and restarts, and no module has to report them.
 *    Aggregate them with max(), not sum(). Each query is one indexed or grouped read under a 2 s statement
 *    timeout, cached for a few seconds (a scrape of every replica at once costs one query per replica); a
 *    failed one keeps its last values and counts in reach_metrics_query_failures_total.
 */

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type MetricsSources = {
  db: Kysely<DB>;
  backend: 'pglite' | 'postgres';
  /** The connection pool's figures now. */
  pool: () => PoolStats;
  /** The version the build reports (health). */
  version: string;
  now: () => Date;
  /** Where a failed scrape-time query is reported. */
  log: { warn(details: object, message: string): void };
};

export type Metrics = {
  registry: Registry;
  /** One answered request: `route` is the route's URL pattern (never the raw URL), or 'unmatched'. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** An event stream opened; call the function returned when it closes. */
  streamOpened(): () => void;
};

/** Latency buckets (seconds): API answers are mostly 5–100 ms, discovery searches and payments up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long a scrape-time read is reused. */
export const METRICS_CACHE_MS = 2_000;
/** Job statuses reported (done jobs are history, not queue). */
const JOB_STATUSES = ['queued', 'running', 'failed'] as const;
/**
 * The durable mail queue's table (outreach's mail_messages: status 'queued' | 'sent' | 'failed'). Read only
 * when it exists, so the metrics do not depend on that migration.
 */
const MAIL_TABLE = 'mail_messages';

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const failures = new Counter({
    name: 'reach_metrics_query_failures_total',
    help: 'Scrape-time database reads that failed or timed out (their metrics keep their last values)',
    labelNames: ['query'],
    registers,
  });
  const read = cachedReader(sources, failures);

  new Gauge({
    name: 'reach_build_info',
    help: 'The running build: its version and database backend',
    labelNames: ['version', 'backend'],
    registers,
  }).set({ version: sources.version, backend: sources.backend }, 1);

  const requests = new Counter({
    name: 'reach_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'reach_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: 'reach_sse_connections',
    help: 'Live-update event streams (Server-Sent Events) open on this process',
    registers,
  });

  new Gauge({
    name: 'reach_db_pool_connections',
    help: 'Database connections of this process: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = sources.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'reach_db_pool_max',
    help: 'The most connections the pool opens (1 for the embedded PGlite)',
    registers,
    collect() {
      this.set(sources.pool().max);
    },
  });

  const jobKinds = new Set<string>();
  const jobs = read('jobs', (db, now) =>
    sql<{ kind: string; status: string; n: number; oldest_due: Date | string | null }>`
      SELECT kind, status, count(*)::int AS n,
        min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${now}) AS oldest_due
      FROM jobs WHERE status IN ('queued', 'running', 'failed')
      GROUP BY kind, status`.execute(db),
  );
  new Gauge({
    name: 'reach_jobs',
    help: 'Background jobs in the durable queue by kind and status (queued includes scheduled ones; failed: failed for good)',
    labelNames: ['kind', 'status'],
    registers,
    async collect() {
      const rows = await jobs();
      if (!rows) return;
      for (const row of rows) jobKinds.add(row.kind);
      // Every kind seen so far on every status, 0 when none: a drained queue reads 0, not a missing series.
      for (const kind of jobKinds)
        for (const status of JOB_STATUSES)
          this.set({ kind, status }, rows.find((row) => row.kind === kind && row.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'reach_jobs_queue_lag_seconds',
    help: 'How long the oldest due queued job of each kind has been waiting (0 when none is due)',
    labelNames: ['kind'],
    registers,
    async collect() {
      const rows = await jobs();
      if (!rows) return;
      const now = sources.now().getTime();
      for (const kind of jobKinds) {
        const due = rows.find((row) => row.kind === kind && row.status === 'queued')?.oldest_due;
        this.set({ kind }, due ? Math.max(0, (now - new Date(due).getTime()) / 1000) : 0);
      }
    },
  });

  const mail = read('mail', async (db) => {
    const { rows: columns } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${MAIL_TABLE} AND column_name = 'status'`.execute(
      db,
    );
    if (!columns[0]?.n) return undefined;
    return sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM ${sql.table(MAIL_TABLE)} GROUP BY status`.execute(db);
  });
  new Gauge({
    name: 'reach_mail',
    help: 'Mail in the durable mail queue by status: queued (waiting or retrying), sent, failed (gave up)',
    labelNames: ['status'],
    registers,
    async collect() {
      const rows = await mail();
      if (!rows) return;
      for (const status of ['queued', 'sent', 'failed'])
        this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    },
  });

  // Spending: the debits of the credit ledger that discovery charged, one row per search page ('search page N')
  // or report ('report <id>'); a repeat within 24 h is free and writes nothing (every search, free or not, is
  // in reach_http_requests_total under its route). Other debits are adjustments, not spending (the demo seed's
  // 'demo: used in earlier months' takes back what its back-dated plan months granted), and are left out.
  const credits = read('credits', (db) =>
    sql<{ kind: string; n: number; credits: number }>`
      SELECT CASE WHEN reason LIKE 'search%' THEN 'search' ELSE 'report' END AS kind,
        count(*)::int AS n, (-sum(amount))::bigint AS credits
      FROM credit_transactions
      WHERE amount < 0 AND (reason LIKE 'search%' OR reason LIKE 'report%')
      GROUP BY 1`.execute(db),
  );
  new Counter({
    name: 'reach_discovery_searches_total',
    help: 'Discovery search pages charged (from the credit ledger; repeats served from the 24 h cache are free and not counted)',
    registers,
    async collect() {
      const rows = await credits();
      if (!rows) return;
      this.reset();
      this.inc(rows.find((row) => row.kind === 'search')?.n ?? 0);
    },
  });
  new Counter({
    name: 'reach_discovery_credits_spent_total',
    help: 'Discovery credits spent on searches and reports, from the credit ledger (adjustments are not spending)',
    labelNames: ['kind'],
    registers,
    async collect() {
      const rows = await credits();
      if (!rows) return;
      this.reset();
      for (const kind of ['search', 'report'])
        this.inc({ kind }, rows.find((row) => row.kind === kind)?.credits ?? 0);
    },
  });

  // Money by outcome: card charges (campaign funding, subscriptions), refunds and payouts, by status.
  const payments = read('payments', (db) =>
    sql<{ kind: string; outcome: string; n: number; cents: number }>`
      SELECT purpose AS kind, status AS outcome, count(*)::int AS n, sum(amount_cents)::bigint AS cents
        FROM charges GROUP BY purpose, status
      UNION ALL
      SELECT 'refund', status, count(*)::int, sum(amount_cents)::bigint FROM refunds GROUP BY status
      UNION ALL
      SELECT 'payout', status, count(*)::int, sum(amount_cents)::bigint FROM payouts GROUP BY status`.execute(
      db,
    ),
  );
  const outcomes: Record<string, readonly string[]> = {
    campaign_funding: ['pending', 'succeeded', 'failed'],
    subscription: ['pending', 'succeeded', 'failed'],
    refund: ['pending', 'succeeded', 'failed'],
    payout: ['pending', 'paid', 'failed'],
  };
  const byOutcome = (
    rows: { kind: string; outcome: string }[],
    set: (kind: string, outcome: string) => void,
  ) => {
    for (const [kind, list] of Object.entries(outcomes)) for (const outcome of list) set(kind, outcome);
    for (const row of rows) if (!outcomes[row.kind]?.includes(row.outcome)) set(row.kind, row.outcome);
  };
  new Gauge({
    name: 'reach_payments',
    help: 'Payments by kind (campaign_funding and subscription card charges, refund, payout) and outcome',
    labelNames: ['kind', 'outcome'],
    registers,
    async collect() {
      const rows = await payments();
      if (!rows) return;
      byOutcome(rows, (kind, outcome) =>
        this.set({ kind, outcome }, rows.find((row) => row.kind === kind && row.outcome === outcome)?.n ?? 0),
      );
    },
  });
  new Gauge({
    name: 'reach_payments_amount_cents',
    help: 'Amount of the payments of reach_payments, in US cents',
    labelNames: ['kind', 'outcome'],
    registers,
    async collect() {
      const rows = await payments();
      if (!rows) return;
      byOutcome(rows, (kind, outcome) =>
        this.set(
          { kind, outcome },
          rows.find((row) => row.kind === kind && row.outcome === outcome)?.cents ?? 0,
        ),
      );
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    streamOpened() {
      streams.inc();
      let open = true;
      return () => {
        if (open) streams.dec();
        open = false;
      };
    },
  };
}

/**
 * `read(name, query)` makes a reader of a scrape-time query: run under a statement timeout, shared by the
 * metrics of one scrape and reused for METRICS_CACHE_MS; undefined when it failed (counted, logged once per failure).
 */
function cachedReader(sources: MetricsSources, failures: Counter<'query'>) {
  return <R>(
    name: string,
    query: (db: Kysely<DB>, now: Date) => Promise<{ rows: R[] } | undefined>,
  ): (() => Promise<R[] | undefined>) => {
    let last: { at: number; rows: Promise<R[] | undefined> } | undefined;
    return () => {
      const at = Date.now();
      if (last && at - last.at < METRICS_CACHE_MS) return last.rows;
      const rows = sources.db
        .transaction()
        .execute(async (trx) => {
          await sql`SET LOCAL statement_timeout = 2000`.execute(trx);
          return (await query(trx, sources.now()))?.rows;
        })
        .catch((error: unknown) => {
          failures.inc({ query: name });
          sources.log.warn({ query: name, err: error }, 'metrics: a scrape-time query failed');
          last = undefined;
          return undefined;
        });
      last = { at, rows };
      return rows;
    };
  };
}
