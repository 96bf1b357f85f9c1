import { Grid, NavLink, Paper } from '@mantine/core';
import { isExternalUsername } from '@reach/contract/constants';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session/session';
import { SETTINGS_ITEMS } from './nav-items';

/** Settings pages with their side menu (spec §2); items for password and alerts are hidden for external accounts. */
export function SettingsLayout({ type }: { type: 'business' | 'influencer' }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const external = isExternalUsername(user.username);
  const items = SETTINGS_ITEMS[type].filter((item) => !(external && item.hiddenForExternal));
  const current = pathname.replace(/\/+$/, '');

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper component="nav" aria-label="Settings" withBorder p="xs">
          {items.map((item) => {
            const active = current === item.to;
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                fw={500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
