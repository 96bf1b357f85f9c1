import type { analyticsApi } from '@reach/contract/endpoints/analytics';
import { call, type EndpointRoute } from './api-client';

type PageView = typeof analyticsApi.pageView;
/**
 * The page-view endpoint by its route alone: its definition (the contract's dashboard schemas, zod) is not loaded
 * for it. Evaluating those modules after the first page had painted was a task of 60–110 ms on a throttled phone
 * on `/` and the sign-in page, which need no schema otherwise.
 */
const PAGE_VIEW: EndpointRoute<PageView> = { method: 'POST', path: '/analytics/page-view', auth: 'optional' };

let lastKey: string | null = null;
let lastPath: string | null = null;

/**
 * Spec §7: a page-view event on each route change, stored by our own api (no third-party tracker). The referrer
 * is the previous in-app path (the document's referrer for the first view).
 *
 * Fire-and-forget: it never blocks the page and its failures are ignored. `key` identifies the navigation, so a
 * re-run effect (React StrictMode) does not count the same view twice.
 */
export function trackPageView(path: string, key: string): void {
  if (key === lastKey && path === lastPath) return;
  const referrer = (lastPath ?? document.referrer) || undefined;
  lastKey = key;
  lastPath = path;
  call<PageView>(PAGE_VIEW, { body: { path, referrer: referrer?.slice(0, 500) } }).catch(() => undefined);
}
