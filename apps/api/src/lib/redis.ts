import { Redis } from 'ioredis';

/** Where a log line goes: the app's logger, or stderr before it exists. */
type Log = { error(details: object, message: string): void; warn(details: object, message: string): void };

/**
 * The Redis the replicas share (REDIS_URL): one command connection (rate-limit counters, publishing live
 * events, the readiness probe) plus the subscriber connections that `subscriber()` opens (a connection in
 * subscribe mode can run nothing else). Every key and channel REACH uses starts with `prefix`.
 */
export type RedisConnection = {
  client: Redis;
  prefix: string;
  /** A new connection for SUBSCRIBE; closed by `close()` too. */
  subscriber(): Redis;
  /** Whether Redis answers now (readiness). */
  ping(): Promise<boolean>;
  /** Quits every connection, waiting for the replies of commands already sent. */
  close(): Promise<void>;
};

/**
 * Connects to Redis, refusing to start when it does not answer (a replica without its shared state would
 * count rate limits and deliver live events on its own). Once running, a lost connection is retried in the
 * background; a command fails after two retries instead of holding a request.
 */
export async function connectRedis(url: string, prefix: string, log: Log): Promise<RedisConnection> {
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    connectionName: `reach:${process.pid}`,
  } as const;
  const client = new Redis(url, options);
  const connections = [client];
  let lastError = '';
  const watch = (connection: Redis) =>
    connection.on('error', (error: Error) => {
      // ioredis reports every failed reconnect: log a message once, not every 50 ms.
      if (error.message === lastError) return;
      lastError = error.message;
      log.error({ err: error }, 'redis connection error');
    });
  watch(client);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot connect to REDIS_URL: ${(error as Error).message}`);
  }
  return {
    client,
    prefix,
    subscriber() {
      const connection = client.duplicate({ connectionName: `reach:${process.pid}:sub` });
      watch(connection);
      connections.push(connection);
      return connection;
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all(
        connections.map((connection) =>
          connection.status === 'end'
            ? undefined
            : connection.quit().catch((error: Error) => {
                log.warn({ err: error }, 'redis quit failed');
                connection.disconnect();
              }),
        ),
      );
    },
  };
}
