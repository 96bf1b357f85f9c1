/** SQLSTATE codes the services translate into answers (both PostgreSQL and PGlite report them as `code`). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, if `error` is one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when `error` says the database could not be reached or dropped the connection (a restart, a failover,
 * a terminated session, no free connection in time): the request may succeed if retried, so it is a 503, not
 * a 500. SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), and the
 * errors node-postgres raises itself when a socket closes or a connection cannot be had.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || ['57P01', '57P02', '57P03'].includes(state))) return true;
  if (state && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(state)) return true;
  const message = error instanceof Error ? error.message : '';
  return (
    message.startsWith('Connection terminated') ||
    message.includes('timeout exceeded when trying to connect') ||
    message === 'Client has encountered a connection error and is not queryable'
  );
}
