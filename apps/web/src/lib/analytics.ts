import { call } from './api-client';

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
  // Loaded here, not with the entry script: the endpoint definitions bring the contract's schemas (zod).
  void import('@reach/contract/endpoints/analytics')
    .then(({ analyticsApi }) =>
      call(analyticsApi.pageView, { body: { path, referrer: referrer?.slice(0, 500) } }),
    )
    .catch(() => undefined);
}
