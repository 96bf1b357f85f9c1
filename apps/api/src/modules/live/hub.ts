import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@reach/contract/notifications';
import { z } from 'zod';
import type { RedisConnection } from '../../lib/redis';

/**
 * Fans live events out to a user's open tabs (the Server-Sent Events of routes.ts). `publish` may be called by
 * any module on any replica; `subscribe` is called by the SSE route for each open stream of this process.
 */
export type LiveHub = {
  publish(userId: number, event: LiveEvent): void;
  /** Calls `listener` with each event published for `userId`; returns the unsubscribe function. */
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
  /** Open streams of this user in this process. */
  listenerCount(userId: number): number;
  /** Open streams in this process, all users (the SSE connections gauge). */
  connectionCount(): number;
  /** Stops receiving events from other replicas. */
  close(): Promise<void>;
};

type Log = { error(details: object, message: string): void };

/** Delivery to the streams of this process: the part both hubs share. */
function localDelivery() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let connections = 0;
  return {
    deliver(userId: number, event: LiveEvent) {
      emitter.emit(String(userId), event);
    },
    subscribe(userId: number, listener: (event: LiveEvent) => void): () => void {
      emitter.on(String(userId), listener);
      connections++;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        connections--;
        emitter.off(String(userId), listener);
      };
    },
    listenerCount: (userId: number) => emitter.listenerCount(String(userId)),
    connectionCount: () => connections,
  };
}

/** One process (the embedded default, or no REDIS_URL): an EventEmitter is the whole hub. */
export function createInProcessHub(): LiveHub {
  const local = localDelivery();
  return {
    publish: local.deliver,
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    connectionCount: local.connectionCount,
    close: async () => {},
  };
}

/**
 * What goes over the channel: the user and the event, as JSON. The event is what a replica of the same code
 * published and is written to the stream as JSON again, so only its shape's envelope is checked.
 */
const envelope = z.object({ userId: z.number().int(), event: z.looseObject({ type: z.string() }) });

/**
 * Several replicas (REDIS_URL): `publish` sends the event on one Redis channel, `<prefix>live`; every replica,
 * this one included, is subscribed to it and hands each event to its own streams of that user. One channel
 * rather than one per user: a replica subscribes once, when it starts, so a stream opened a moment before an
 * event never misses it while a per-user SUBSCRIBE is on its way; every replica reads every event, which is
 * little (a few per user action). An event published while Redis is unreachable is lost, as a live event to a
 * closed tab is: the notification itself is in the database and the client reloads its lists on reconnect.
 */
export async function createRedisHub(redis: RedisConnection, log: Log): Promise<LiveHub> {
  const local = localDelivery();
  const channel = `${redis.prefix}live`;
  const subscriber = redis.subscriber();
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let parsed: z.infer<typeof envelope>;
    try {
      parsed = envelope.parse(JSON.parse(message));
    } catch (error) {
      log.error({ err: error, channel }, 'unreadable live event');
      return;
    }
    local.deliver(parsed.userId, parsed.event as LiveEvent);
  });
  await subscriber.subscribe(channel);
  let closed = false;
  return {
    publish(userId, event) {
      if (closed) return;
      redis.client
        .publish(channel, JSON.stringify({ userId, event }))
        .catch((error: Error) =>
          log.error({ err: error, userId, type: event.type }, 'live event not published'),
        );
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    connectionCount: local.connectionCount,
    async close() {
      closed = true;
      await subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}
