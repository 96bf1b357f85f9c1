import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { trackPageView } from '../../lib/analytics';

/** What a route may declare in `handle`. */
export type RouteHandle = { title?: string };

/**
 * Top of every page: the document title from the deepest route that names one, scroll restoration, and the
 * page-view event of each route change (spec §7).
 */
export function RootLayout() {
  const matches = useMatches();
  const { pathname, key } = useLocation();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);

  useEffect(() => {
    document.title = title ? `${title} · REACH` : 'REACH — influencer marketing';
  }, [title]);

  useEffect(() => trackPageView(pathname, key), [pathname, key]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
