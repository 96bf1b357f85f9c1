import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { startSession } from './lib/session/session';

startSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );

/**
 * A page whose HTML was rendered at build time (scripts/prerender.mjs: `/`, /auth/login, /auth/register, for
 * visitors without a session) shows that HTML until the app can draw the same page, once the router has loaded
 * the route's modules: the app's first render then replaces it with the same markup. Rendered at once, the app
 * would first replace it with the loading spinner.
 */
if (root.hasAttribute('data-prerendered') && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}
