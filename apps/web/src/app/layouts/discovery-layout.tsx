import { AppShell, Badge, Box, Button, Group } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconArrowLeft, IconCoins } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { useLiveConnection } from '../../lib/live';
import { useCurrentUser } from '../../lib/session/session';
import { UserMenu } from './user-menu';

const DISCOVERY_MENU_PATH = '/business/discovery';

/** Influencer discovery (spec §2): a header with RETURN TO, the business's credits and the user menu. */
export function DiscoveryLayout() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const onMenu = location.pathname.replace(/\/+$/, '') === DISCOVERY_MENU_PATH;
  useLiveConnection();

  // Spec: to `/` from the discovery menu, otherwise one step back (to the menu when there is no step back).
  const returnTo = () => {
    if (onMenu) void navigate('/');
    else if (location.key === 'default') void navigate(DISCOVERY_MENU_PATH);
    else void navigate(-1);
  };

  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={returnTo}
              px="xs"
            >
              {SPEC_TEXT.returnTo}
            </Button>
            <Group visibleFrom="sm">
              <Logo />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Badge
              size="lg"
              variant="light"
              leftSection={<IconCoins size={16} aria-hidden />}
              aria-label={`${user.credits} credits`}
            >
              {user.credits}
              <Box component="span" visibleFrom="xs">
                {' '}
                credits
              </Box>
            </Badge>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
