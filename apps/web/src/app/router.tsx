import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { queryClient } from '../lib/query-client';
import { getSessionPhase } from '../lib/session/token-store';
import { GuestGuard, LandingGuard, RoleGuard } from './guards';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { MustExist, notFound } from './routes/must-exist';

/**
 * Resolves in a task of its own. The router calls the matched routes' `lazy` functions as it is created, and each
 * import requests the chunk and, through Vite's preload helper, appends a `<link rel="modulepreload">` for every
 * chunk it imports: on a signed-in page ~110 of them. Called in the router's task, they made it 117–138 ms long on
 * a throttled phone (53–62 ms on the sign-in page); each route's import now starts in a task of its own.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A lazily loaded route module whose default export is the page. A page may export `prefetch`: it requests the
 * page's first data (its own query options, so the page finds them in the cache) from the route's loader, which
 * the router runs once the module has loaded, beside the session's renewal and user instead of after them and the
 * signed-in shell's first render. Only with a session: without one the guard sends the visitor away.
 */
type PageModule = {
  default: ComponentType;
  prefetch?: (client: QueryClient, url: URL) => void;
};
function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    await nextTask();
    const { default: Component, prefetch } = await load();
    if (!prefetch) return { Component };
    return {
      Component,
      loader: ({ request }) => {
        if (getSessionPhase() === 'signed-in') prefetch(queryClient, new URL(request.url));
        return null;
      },
    };
  };
}

/**
 * A signed-in layout, loaded with the first page under it: the landing and sign-in pages do not download
 * the app shell (sidebar, menus, prompts, tours), nor the Mantine styles of the components only signed-in
 * screens use (styles/signed-in.css). Those styles are requested first, before the router calls the page's own
 * `lazy`, so their stylesheet precedes the page's in the document as it preceded it in the single styles.css.
 */
type LayoutModule<P> = {
  Layout: ComponentType<P>;
  /** As a page's `prefetch`: the shell's own first data. */
  prefetch?: (client: QueryClient, props: P) => void;
};
function layout<P extends object>(load: () => Promise<LayoutModule<P>>, props: P): RouteObject['lazy'] {
  return async () => {
    await nextTask();
    const [, { Layout, prefetch }] = await Promise.all([import('./styles/signed-in'), load()]);
    const Component = () => <Layout {...props} />;
    if (!prefetch) return { Component };
    return {
      Component,
      loader: () => {
        if (getSessionPhase() === 'signed-in') prefetch(queryClient, props);
        return null;
      },
    };
  };
}
const appLayout = () =>
  import('./layouts/app-layout').then((m) => ({ Layout: m.AppLayout, prefetch: m.prefetchAppLayout }));
const settingsLayout = () => import('./layouts/settings-layout').then((m) => ({ Layout: m.SettingsLayout }));
const discoveryLayout = () =>
  import('./layouts/discovery-layout').then((m) => ({ Layout: m.DiscoveryLayout }));

/**
 * The pages of one item behind `MustExist`, whose query options (and the contract's schemas they import) load
 * with the item's first page instead of with the entry script.
 */
function mustExist(load: () => Promise<ReactElement>): RouteObject['lazy'] {
  return async () => {
    await nextTask();
    return { element: await load() };
  };
}
const campaignItem = mustExist(() =>
  import('../features/campaigns/api/get-campaign').then((m) => (
    <MustExist param="campaignId" options={m.campaignQueryOptions} />
  )),
);
const influencerItem = mustExist(() =>
  import('../features/influencers/api/get-influencer').then((m) => (
    <MustExist param="influencer_id" options={m.influencerQueryOptions} />
  )),
);
const businessItem = mustExist(() =>
  import('../features/businesses/api/get-business').then((m) => (
    <MustExist param="id" options={m.businessQueryOptions} />
  )),
);

/**
 * The error page is not part of the entry script. It is fetched once the first page has loaded, so that a later
 * failure (a page's script gone after a deploy, the network lost) still finds it.
 */
const loadErrorPage = () => import('./routes/error-page');
const LazyErrorPage = lazy(() => loadErrorPage().then((m) => ({ default: m.ErrorPage })));
// Not when the pages are rendered to HTML at build time (scripts/prerender.mjs, in Node).
if (typeof window !== 'undefined')
  window.addEventListener('load', () => void loadErrorPage(), { once: true });

function ErrorPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyErrorPage />
    </Suspense>
  );
}

function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/** Spec §2 "Any path containing /discovery": the influencer discovery screen. */
const DISCOVERY_SCREEN = '/business/discovery/search';

function isDiscoveryPath(url: string): boolean {
  return new URL(url).pathname.includes('/discovery');
}

/**
 * A path no page of the layout matches: the discovery screen when it contains /discovery, else a 404 route
 * error, so the error page says '404 - The page can't be found' inside the shell (spec §2/§8).
 */
const unknownPath: RouteObject = {
  path: '*',
  loader: ({ request }) => (isDiscoveryPath(request.url) ? redirect(DISCOVERY_SCREEN) : notFound()),
};

/**
 * Pages inside a layout: a failing page shows the error page inside the shell instead of replacing it, and an
 * unknown path under the layout is a 404 there.
 */
function pages(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <ErrorPage />, children: [...children, unknownPath] }];
}

/** The app's routes: the browser's router in main.tsx, and the build's HTML of the public pages (prerender.tsx). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        element: <LandingGuard />,
        children: [{ index: true, lazy: page(() => import('../features/landing/routes/landing')) }],
      },
      {
        path: 'auth',
        lazy: async () => {
          await nextTask();
          return { Component: (await import('./layouts/auth-layout')).AuthLayout };
        },
        children: pages([
          {
            element: <GuestGuard />,
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              {
                path: 'login',
                lazy: page(() => import('../features/auth/routes/login')),
                ...titled('Sign in'),
              },
              {
                path: 'register',
                lazy: page(() => import('../features/auth/routes/register')),
                ...titled('Create your account'),
              },
              {
                path: 'confirm',
                lazy: page(() => import('../features/auth/routes/confirm')),
                ...titled('Confirm your email'),
              },
              {
                path: 'forgot-password',
                lazy: page(() => import('../features/auth/routes/forgot-password')),
                ...titled('Forgot password'),
              },
              {
                path: 'reset-password',
                lazy: page(() => import('../features/auth/routes/reset-password')),
                ...titled('Reset password'),
              },
            ],
          },
          // Not behind the guest guard: it must store the tokens it carries even over an existing session.
          {
            path: 'callback',
            lazy: page(() => import('../features/auth/routes/callback')),
            ...titled('Signing in'),
          },
        ]),
      },
      {
        path: 'business',
        element: <RoleGuard type="business" />,
        children: [
          {
            lazy: layout(appLayout, { type: 'business' }),
            children: pages([
              {
                index: true,
                lazy: page(() => import('../features/dashboard/routes/business-dashboard')),
                ...titled('Dashboard'),
              },
              {
                path: 'campaigns',
                lazy: page(() => import('../features/campaigns/routes/business-campaigns')),
                ...titled('Campaigns'),
              },
              {
                path: 'campaigns/new',
                lazy: page(() => import('../features/campaigns/routes/campaign-wizard')),
                ...titled('New campaign'),
              },
              {
                path: 'campaigns/:campaignId',
                lazy: campaignItem,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/campaigns/routes/business-campaign')),
                    ...titled('Campaign'),
                  },
                  {
                    path: 'report',
                    lazy: page(() => import('../features/reports/routes/campaign-report')),
                    ...titled('Campaign report'),
                  },
                ],
              },
              {
                path: 'reports/creators/:influencerUserId',
                lazy: page(() => import('../features/reports/routes/creator-report')),
                ...titled('Creator report'),
              },
              // Not under MustExist: at the same depth as campaigns/new, the wizard keeps its state when a saved
              // draft moves from /new to /:id/edit (the same component in the same place is not remounted).
              {
                path: 'campaigns/:campaignId/edit',
                lazy: page(() => import('../features/campaigns/routes/campaign-wizard')),
                ...titled('Edit campaign'),
              },
              {
                path: 'influencers',
                lazy: page(() => import('../features/influencers/routes/influencer-directory')),
                ...titled('Influencers'),
              },
              {
                path: 'influencers/:influencer_id',
                lazy: influencerItem,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/influencers/routes/influencer-profile')),
                    ...titled('Influencer'),
                  },
                ],
              },
              {
                path: 'connections',
                lazy: page(() => import('../features/connections/routes/connections')),
                ...titled('Connections'),
              },
              {
                path: 'connections/:connectionId',
                lazy: page(() => import('./routes/connection')),
                ...titled('Connection'),
              },
              {
                path: 'posts',
                lazy: page(() => import('../features/posts/routes/business-posts')),
                ...titled('Posts'),
              },
              {
                path: 'payments',
                lazy: page(() => import('../features/payments/routes/business-payments')),
                ...titled('Payments'),
              },
              {
                path: 'settings',
                lazy: layout(settingsLayout, { type: 'business' }),
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/settings/routes/account-details')),
                    ...titled('Account Details'),
                  },
                  {
                    path: 'security',
                    lazy: page(() => import('../features/settings/routes/security')),
                    ...titled('Security'),
                  },
                  {
                    path: 'subscriptions',
                    lazy: page(() => import('../features/settings/routes/subscriptions')),
                    ...titled('Subscriptions'),
                  },
                  {
                    path: 'notification-preferences',
                    lazy: page(() => import('../features/settings/routes/notification-preferences')),
                    ...titled('Notification Preferences'),
                  },
                  {
                    path: 'attribution',
                    lazy: page(() => import('../features/attribution/routes/attribution-settings')),
                    ...titled('Attribution & API keys'),
                  },
                ],
              },
            ]),
          },
          {
            path: 'discovery',
            lazy: layout(discoveryLayout, {}),
            children: pages([
              {
                index: true,
                lazy: page(() => import('../features/discovery/routes/discovery-menu')),
                ...titled('Discovery'),
              },
              {
                path: 'search',
                lazy: page(() => import('../features/discovery/routes/discovery-search')),
                ...titled('Discovery Search'),
              },
              // Spec §2: any path containing /discovery shows the discovery screen.
              {
                path: '*',
                lazy: page(() => import('../features/discovery/routes/discovery-search')),
                ...titled('Discovery Search'),
              },
            ]),
          },
        ],
      },
      {
        path: 'influencer',
        element: <RoleGuard type="influencer" />,
        children: [
          {
            lazy: layout(appLayout, { type: 'influencer' }),
            children: pages([
              {
                index: true,
                lazy: page(() => import('./routes/influencer-dashboard')),
                ...titled('Dashboard'),
              },
              {
                path: 'campaigns',
                lazy: page(() => import('../features/campaigns/routes/influencer-campaigns')),
                ...titled('Campaigns'),
              },
              {
                path: 'campaigns/:campaignId',
                lazy: campaignItem,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('./routes/influencer-campaign')),
                    ...titled('Campaign'),
                  },
                ],
              },
              {
                path: 'businesses',
                lazy: page(() => import('../features/businesses/routes/business-directory')),
                ...titled('Businesses'),
              },
              {
                path: 'businesses/:id',
                lazy: businessItem,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/businesses/routes/business-profile')),
                    ...titled('Business'),
                  },
                ],
              },
              {
                path: 'connections',
                lazy: page(() => import('../features/connections/routes/connections')),
                ...titled('Connections'),
              },
              {
                path: 'connections/:connectionId',
                lazy: page(() => import('./routes/connection')),
                ...titled('Connection'),
              },
              {
                path: 'payments',
                lazy: page(() => import('../features/payments/routes/influencer-payments')),
                ...titled('Payments'),
              },
              {
                path: 'settings',
                lazy: layout(settingsLayout, { type: 'influencer' }),
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/settings/routes/account-details')),
                    ...titled('Account Details'),
                  },
                  {
                    path: 'security',
                    lazy: page(() => import('../features/settings/routes/security')),
                    ...titled('Security'),
                  },
                  {
                    path: 'notification-preferences',
                    lazy: page(() => import('../features/settings/routes/notification-preferences')),
                    ...titled('Notification Preferences'),
                  },
                ],
              },
            ]),
          },
        ],
      },
      {
        path: 'admin',
        element: <RoleGuard type="admin" />,
        children: [
          {
            lazy: layout(appLayout, { type: 'admin' }),
            children: pages([
              {
                index: true,
                lazy: page(() => import('../features/dashboard/routes/admin-dashboard')),
                ...titled('Dashboard'),
              },
              {
                path: 'campaigns',
                lazy: page(() => import('../features/campaigns/routes/admin-campaigns')),
                ...titled('Campaigns'),
              },
              {
                path: 'campaigns/:campaignId',
                lazy: campaignItem,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/campaigns/routes/admin-campaign')),
                    ...titled('Campaign'),
                  },
                  {
                    path: 'report',
                    lazy: page(() => import('../features/reports/routes/campaign-report')),
                    ...titled('Campaign report'),
                  },
                ],
              },
              {
                path: 'reports/creators/:influencerUserId',
                lazy: page(() => import('../features/reports/routes/creator-report')),
                ...titled('Creator report'),
              },
              {
                path: 'users',
                lazy: page(() => import('../features/admin/routes/admin-users')),
                ...titled('Users'),
              },
              {
                path: 'interests',
                lazy: page(() => import('../features/admin/routes/admin-interests')),
                ...titled('Interests'),
              },
              {
                path: 'feedback',
                lazy: page(() => import('../features/admin/routes/admin-feedback')),
                ...titled('Feedback'),
              },
              {
                path: 'reviews',
                lazy: page(() => import('../features/admin/routes/admin-reviews')),
                ...titled('Reviews'),
              },
              {
                path: 'states',
                lazy: page(() => import('../features/admin/routes/admin-states')),
                ...titled('States'),
              },
              {
                path: 'countries',
                lazy: page(() => import('../features/admin/routes/admin-countries')),
                ...titled('Countries'),
              },
              {
                path: 'instagram-search',
                // The title is the spec's text: it comes with the page, as the contract's messages are not in the entry.
                lazy: async () => {
                  const [page, { SPEC_TEXT }] = await Promise.all([
                    import('../features/discovery/routes/admin-instagram-search'),
                    import('@reach/contract/messages'),
                  ]);
                  return { Component: page.default, ...titled(SPEC_TEXT.instagramSearch) };
                },
              },
            ]),
          },
        ],
      },
      {
        path: '*',
        loader: ({ request }) => (isDiscoveryPath(request.url) ? redirect(DISCOVERY_SCREEN) : null),
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }),
        ...titled('Page not found'),
      },
    ],
  },
];
