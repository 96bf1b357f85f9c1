import { SPEC_TEXT } from '@reach/contract/messages';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { SectionPage } from '../components/section-page';
import { GuestGuard, LandingGuard, RoleGuard } from './guards';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { DiscoveryLayout } from './layouts/discovery-layout';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { SettingsLayout } from './layouts/settings-layout';
import { ErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found';

/** A lazily loaded route module whose default export is the page. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/** A section whose feature is still to come: its title and what it is for. */
function section(path: string | null, title: string, description: string): RouteObject {
  const element = <SectionPage title={title} description={description} />;
  return path === null ? { index: true, element, ...titled(title) } : { path, element, ...titled(title) };
}

/** Pages inside a layout: a failing page shows the error page inside the shell instead of replacing it. */
function pages(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <ErrorPage />, children }];
}

const routes: RouteObject[] = [
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
        element: <AuthLayout />,
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
            element: <AppLayout type="business" />,
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
                lazy: page(() => import('../features/campaigns/routes/business-campaign')),
                ...titled('Campaign'),
              },
              {
                path: 'campaigns/:campaignId/edit',
                lazy: page(() => import('../features/campaigns/routes/campaign-wizard')),
                ...titled('Edit campaign'),
              },
              section(
                'influencers',
                'Influencers',
                'The influencers you follow and work with, with their channels, ratings and campaign history.',
              ),
              section(
                'influencers/:influencer_id',
                'Influencer',
                'The profile of an influencer you follow: channels, audience, ratings and your campaigns together.',
              ),
              section(
                'connections',
                'Connections',
                'Invitations and applications between your campaigns and influencers, with their status and messages.',
              ),
              section(
                'posts',
                'Posts',
                'Posts influencers submitted for your campaigns. Review them; approving a post pays the influencer.',
              ),
              {
                path: 'payments',
                lazy: page(() => import('../features/payments/routes/business-payments')),
                ...titled('Payments'),
              },
              {
                path: 'settings',
                element: <SettingsLayout type="business" />,
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
                ],
              },
            ]),
          },
          {
            path: 'discovery',
            element: <DiscoveryLayout />,
            children: pages([
              section(
                null,
                'Discovery',
                'Find influencers in a database of over 250M profiles, keep them in lists and invite them to your campaigns.',
              ),
              section(
                'search',
                'Discovery Search',
                'Search influencers by platform, location, audience, interests and engagement. Each page of results uses credits.',
              ),
            ]),
          },
        ],
      },
      {
        path: 'influencer',
        element: <RoleGuard type="influencer" />,
        children: [
          {
            element: <AppLayout type="influencer" />,
            children: pages([
              {
                index: true,
                lazy: page(() => import('../features/dashboard/routes/influencer-dashboard')),
                ...titled('Dashboard'),
              },
              {
                path: 'campaigns',
                lazy: page(() => import('../features/campaigns/routes/influencer-campaigns')),
                ...titled('Campaigns'),
              },
              {
                path: 'campaigns/:campaignId',
                lazy: page(() => import('../features/campaigns/routes/influencer-campaign')),
                ...titled('Campaign'),
              },
              section('businesses', 'Businesses', 'Businesses on REACH and the ones you are connected with.'),
              section(
                'businesses/:id',
                'Business',
                'A business you are connected with: its details and its campaigns.',
              ),
              section(
                'connections',
                'Connections',
                'Your invitations and applications with businesses, with their status and messages.',
              ),
              {
                path: 'payments',
                lazy: page(() => import('../features/payments/routes/influencer-payments')),
                ...titled('Payments'),
              },
              {
                path: 'settings',
                element: <SettingsLayout type="influencer" />,
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
            element: <AppLayout type="admin" />,
            children: pages([
              {
                index: true,
                lazy: page(() => import('../features/dashboard/routes/admin-dashboard')),
                ...titled('Dashboard'),
              },
              section(
                'campaigns',
                'Campaigns',
                'Every campaign on the platform, with its business and status.',
              ),
              section(
                'users',
                'Users',
                'Business, influencer and admin accounts: find them by name or type and manage them.',
              ),
              section(
                'interests',
                'Interests',
                'The interests (keywords) that tag campaigns and influencers.',
              ),
              section(
                'feedback',
                'Feedback',
                'Feedback users sent from the Help dialog, with the page they sent it from.',
              ),
              section(
                'reviews',
                'Reviews',
                'Reviews between businesses and influencers, and their moderation.',
              ),
              section('states', 'States', 'The states used in addresses and location searches.'),
              section('countries', 'Countries', 'The countries used in addresses and location searches.'),
              section(
                'instagram-search',
                SPEC_TEXT.instagramSearch,
                'Look up an Instagram profile by its username.',
              ),
            ]),
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
    ],
  },
];

export const router = createBrowserRouter(routes);
