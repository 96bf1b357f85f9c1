import { endpointPath } from '@reach/contract/endpoint';
import { liveApi } from '@reach/contract/endpoints/live';
import type { LiveEvent } from '@reach/contract/notifications';
import { useEffect } from 'react';
import { API_BASE } from './config';
import { queryClient } from './query-client';
import { refreshSession } from './session/refresh';
import { endSuspendedSession } from './session/suspended';
import { getAccessToken, getRefreshToken, getSessionPhase, subscribe } from './session/token-store';

/**
 * The live client: one Server-Sent Events stream (GET /my/events) per signed-in tab. It keeps the notification
 * queries of the TanStack Query cache current and lets features subscribe to the events they care about.
 *
 * EventSource cannot send the Authorization header, so the stream is read with fetch and parsed here.
 */

/** Root key of every notifications query: `[...NOTIFICATIONS_QUERY_KEY, userId, page]`. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** Root key of every connections query (lists, details, sidebar cards). */
export const CONNECTIONS_QUERY_KEY = ['connections'] as const;
/** Root key of a campaign thread's messages: `['campaign-messages', campaignId, …]`. */
export const CAMPAIGN_MESSAGES_QUERY_KEY = 'campaign-messages';

type LiveListener = (event: LiveEvent) => void;
type EventOf<T extends LiveEvent['type']> = Extract<LiveEvent, { type: T }>;

const listeners = new Map<LiveEvent['type'], Set<LiveListener>>();

/** Calls `listener` for each live event of `type` in this tab; returns the unsubscribe function. */
export function subscribeLive<T extends LiveEvent['type']>(
  type: T,
  listener: (event: EventOf<T>) => void,
): () => void {
  const set = listeners.get(type) ?? new Set<LiveListener>();
  listeners.set(type, set);
  set.add(listener as LiveListener);
  return () => set.delete(listener as LiveListener);
}

/** The unread count carried by notification events, written into every cached notifications page. */
function setUnread(unread: number): void {
  queryClient.setQueriesData<{ unread: number }>({ queryKey: NOTIFICATIONS_QUERY_KEY }, (page) =>
    page ? { ...page, unread } : page,
  );
}

function dispatch(event: LiveEvent): void {
  switch (event.type) {
    case 'notification':
      setUnread(event.unread);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      // A notification may say a post was submitted, approved (and paid) or rejected: refresh what shows it.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: ['menu-counts'] });
      break;
    case 'notifications-read':
      setUnread(event.unread);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      break;
    case 'message':
      void queryClient.invalidateQueries({ queryKey: [CAMPAIGN_MESSAGES_QUERY_KEY, event.campaign_id] });
      break;
    case 'connection':
      // Lists, the open connection and the sidebar cards all live under 'connections'; counts change too.
      void queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['menu-counts'] });
      void queryClient.invalidateQueries({ queryKey: ['influencers'] });
      break;
    case 'account-suspended':
      endSuspendedSession();
      break;
  }
  for (const listener of listeners.get(event.type) ?? []) {
    try {
      listener(event);
    } catch (error) {
      console.error('live event listener failed', error);
    }
  }
}

/** Parses a text/event-stream body; calls `onEvent` per complete event. Returns when the stream ends. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: { event: string; data: string }) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const rawLine of lines) {
      const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
      if (line === '') {
        if (data.length) onEvent({ event: eventName || 'message', data: data.join('\n') });
        eventName = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const raw = colon === -1 ? '' : line.slice(colon + 1);
        const fieldValue = raw.startsWith(' ') ? raw.slice(1) : raw;
        if (field === 'event') eventName = fieldValue;
        else if (field === 'data') data.push(fieldValue);
      }
    }
  }
}

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** Layouts hand the stream over to each other (business shell ↔ discovery); don't reconnect in between. */
const RELEASE_DELAY_MS = 2_000;

type Connection = { stop: () => void; signal: AbortSignal };

let users = 0;
let current: Connection | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

/** Opens the stream and keeps it open (reconnecting with backoff) until stopped or the session ends. */
function connect(): Connection {
  const controller = new AbortController();
  let backoff = MIN_BACKOFF_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  let renewedForThisAttempt = false;

  const stopped = () => controller.signal.aborted;

  const retry = () => {
    if (stopped()) return;
    // Jitter, so many tabs of a restarted server do not reconnect in step.
    retryTimer = setTimeout(run, backoff * (0.75 + Math.random() * 0.5));
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  const token = async (): Promise<string | null> => {
    const access = getAccessToken();
    if (access || !getRefreshToken()) return access;
    return (await refreshSession().catch(() => false)) ? getAccessToken() : null;
  };

  async function run(): Promise<void> {
    if (stopped()) return;
    try {
      const bearer = await token();
      if (!bearer) {
        controller.abort(); // The session is over.
        return;
      }
      const response = await fetch(`${API_BASE}${endpointPath(liveApi.events)}`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${bearer}` },
        signal: controller.signal,
        cache: 'no-store',
        // A stream that stays open is not part of the page's load: at the default (high) priority a page tool
        // (Lighthouse) counts it as a critical request still in flight and waits for it to end, which it never does.
        priority: 'low',
      });
      if (response.status === 401 && !renewedForThisAttempt) {
        // The access token was refused: renew it through the shared refresh, then reconnect at once (once).
        renewedForThisAttempt = true;
        if (await refreshSession().catch(() => false)) void run();
        else retry();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
      backoff = MIN_BACKOFF_MS;
      renewedForThisAttempt = false;
      // Events may have been missed while disconnected: reload what they would have changed.
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      connectedBefore = true;
      await readEventStream(response.body, ({ data }) => {
        try {
          dispatch(JSON.parse(data) as LiveEvent);
        } catch (error) {
          console.warn('live: unreadable event', error);
        }
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('live: stream interrupted', error);
    }
    retry();
  }

  const unsubscribe = subscribe(() => {
    if (getSessionPhase() !== 'signed-in') controller.abort();
  });
  controller.signal.addEventListener('abort', () => {
    unsubscribe();
    clearTimeout(retryTimer);
  });
  if (getSessionPhase() === 'signed-in') void run();
  else controller.abort();
  return { stop: () => controller.abort(), signal: controller.signal };
}

function acquire(): void {
  users += 1;
  clearTimeout(releaseTimer);
  if (!current || current.signal.aborted) current = connect();
}

function release(): void {
  users -= 1;
  if (users > 0) return;
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    if (users > 0) return;
    current?.stop();
    current = null;
  }, RELEASE_DELAY_MS);
}

/** Keeps this tab's live stream open while the calling (signed-in) layout is mounted. */
export function useLiveConnection(): void {
  useEffect(() => {
    acquire();
    return release;
  }, []);
}
