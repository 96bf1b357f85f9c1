import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { prefetchFirstData } from './app/first-data';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { warmFormatters } from './lib/format';
import { queryClient } from './lib/query-client';
import { myUserQueryOptions } from './lib/session/my-user';
import { startSession } from './lib/session/session';
import { getSessionPhase } from './lib/session/token-store';

startSession();
// A signed-in tab's first screen waits for the user: its request starts now (after the session's renewal, which
// startSession has begun), while the router loads the page's modules, instead of once the guard has mounted.
// The page's own first data too, beside the user (app/first-data.ts).
if (getSessionPhase() === 'signed-in') {
  void queryClient.prefetchQuery(myUserQueryOptions());
  prefetchFirstData(queryClient, window.location);
  warmFormatters();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The router is created in a task of its own, after the one that evaluated the entry's modules (React, Mantine,
 * react-router, TanStack Query, the theme): creating it builds the route table, matches the location and starts
 * loading the matched routes' modules (Vite's preload helper appending a `<link rel="modulepreload">` per chunk
 * they import). Together they were one task of ~270 ms on a throttled phone, past the prerendered page's first
 * paint, where all of it beyond 50 ms blocks input (Lighthouse's total blocking time); apart, each is about half.
 */
setTimeout(() => start(root), 0);

function start(root: HTMLElement) {
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );

  /**
   * A page whose HTML was rendered at build time (scripts/prerender.mjs: `/`, /auth/login, /auth/register, for
   * visitors without a session) shows that HTML until the app can draw the same page, once the router has loaded
   * the route's modules: the app's first render then replaces it with the same markup. Rendered at once, the app
   * would first replace it with the loading spinner. The page being on screen already, that render is a
   * transition: React renders it in slices of a few milliseconds, between which the browser handles input, instead
   * of one long task; its commit replaces the HTML at once.
   */
  if (root.hasAttribute('data-prerendered') && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      startTransition(() => createRoot(root).render(app));
    });
  } else {
    // Signed-in pages (and public ones with a session) render the app's first screen as a transition too: React
    // renders the providers, the router and the loader in slices between which the browser handles input,
    // instead of one task of 170–260 ms on a throttled phone (traced at 4x CPU, issue 17).
    startTransition(() => createRoot(root).render(app));
  }
}
