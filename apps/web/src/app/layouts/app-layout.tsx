import { AppShell, Badge, Burger, Divider, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX, type UserType } from '@reach/contract/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { ConnectionList } from '../../features/connections/components/connection-list';
import {
  MENU_COUNTS_QUERY_KEY,
  menuCountsQueryOptions,
  useMenuCounts,
} from '../../features/dashboard/api/get-menu-counts';
import { FeedbackButton } from '../../features/feedback/components/feedback-button';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { BusinessPrompts } from '../../features/prompts/components/business-prompts';
import { InfluencerPrompts } from '../../features/prompts/components/influencer-prompts';
import { subscribeLive, useLiveConnection } from '../../lib/live';
import { MOBILE_QUERY } from '../../lib/media';
import { useCurrentUser } from '../../lib/session/session';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';

const NAVBAR_BREAKPOINT = MOBILE_BREAKPOINT_PX + 0.5;

/** The sidebar's counts, requested as the layout's route loads (app/router.tsx `layout`). */
export function prefetchAppLayout(client: QueryClient, { type }: { type: UserType }) {
  void client.prefetchQuery(menuCountsQueryOptions(type));
}

/**
 * The signed-in shell of one role (spec §2): top bar (logo, Help, notifications, user menu), the role's sidebar
 * with count badges and the connection list (a drawer on mobile), the live stream, and the role's prompts.
 */
export function AppLayout({ type }: { type: UserType }) {
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const location = useLocation();
  const counts = useMenuCounts(type).data;
  const queryClient = useQueryClient();

  useLiveConnection();
  // A notification usually means something was added (a connection, a post, a payment): recount the menu.
  useEffect(
    () =>
      subscribeLive('notification', () => {
        void queryClient.invalidateQueries({ queryKey: [MENU_COUNTS_QUERY_KEY, type] });
      }),
    [queryClient, type],
  );

  // Choosing an item (or any other navigation) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not an input
  useEffect(() => close(), [location.key, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {isMobile && (
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label="Toggle navigation"
                aria-expanded={opened}
              />
            )}
            <Logo />
          </Group>
          <Group gap={isMobile ? 2 : 'xs'} wrap="nowrap">
            <FeedbackButton />
            <NotificationsBell userId={user.id} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          <div data-tour="sidebar-menu">
            <NavItems items={NAV_ITEMS[type]} pathname={location.pathname} counts={counts} />
          </div>
          {type !== 'admin' && (
            <>
              <Divider my="md" />
              <ConnectionList type={type} />
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <PageAfterShell />
      </AppShell.Main>
      {type === 'business' && <BusinessPrompts />}
      {type === 'influencer' && <InfluencerPrompts />}
    </AppShell>
  );
}

/**
 * The page, rendered once the shell has been committed: the first load's commit of shell and page together was
 * one task of 0.5–0.7 s on a throttled phone (React cannot slice a commit; traced, issue 17). The shell's first
 * render shows the page loader in its place (as while the page's modules loaded) and the page follows in a
 * render of its own, in the background (useDeferredValue's initial value), with a commit of its own. Later
 * navigations under the same shell render the page at once.
 */
function PageAfterShell() {
  const shellCommitted = useDeferredValue(true, false);
  return shellCommitted ? <Outlet /> : <PageLoader />;
}

function NavItems({
  items,
  pathname,
  counts,
}: {
  items: NavItem[];
  pathname: string;
  counts?: Partial<Record<string, number>>;
}) {
  return items.map((item) => {
    const active = matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
    const count = item.countKey ? counts?.[item.countKey] : undefined;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
        rightSection={
          count === undefined ? undefined : (
            <Badge
              size="sm"
              variant={active ? 'filled' : 'light'}
              color={count === 0 ? 'gray' : undefined}
              data-count-key={item.countKey}
            >
              {count}
            </Badge>
          )
        }
        active={active}
        aria-current={active ? 'page' : undefined}
        fw={500}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        mb={2}
      />
    );
  });
}
