import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@reach/contract/notifications';

/**
 * Fans live events out to a user's open tabs. In one process an EventEmitter is enough; with several
 * replicas this is where PostgreSQL LISTEN/NOTIFY or Redis pub/sub plugs in (DESIGN.md §8).
 */
export function createLiveHub() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(userId: number, event: LiveEvent) {
      emitter.emit(String(userId), event);
    },
    subscribe(userId: number, listener: (event: LiveEvent) => void): () => void {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    listenerCount(userId: number) {
      return emitter.listenerCount(String(userId));
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
