import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { storageUrl } from '../../lib/config';
import { useCurrentUser, useLogout } from '../../lib/session/session';

/** Avatar and name opening Account Settings (not for admins, spec §6) and Logout. */
export function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const avatarSrc = user.avatarType === 'upload' && user.avatar ? storageUrl(user.avatar) : null;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      {/* Named by its content: "Account menu", then what it shows (WCAG 2.5.3, the visible label is in the name). */}
      <Menu.Target>
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <VisuallyHidden>Account menu, </VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={avatarSrc} name={user.name} color="initials" radius="xl" size={34} alt="" />
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {user.name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {user.type !== 'admin' && (
          <Menu.Item component={Link} to={`/${user.type}/settings`} leftSection={<IconSettings size={16} />}>
            {SPEC_TEXT.accountSettings}
          </Menu.Item>
        )}
        <Menu.Item onClick={logout} leftSection={<IconLogout size={16} />}>
          {SPEC_TEXT.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
