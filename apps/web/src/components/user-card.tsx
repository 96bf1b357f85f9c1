import { Avatar, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { storageUrl } from '../lib/config';
import classes from './user-card.module.css';

/**
 * The user card of spec §2: avatar (the uploaded image, or initials, by avatarType), name and an active-status
 * dot; a link to the person's or business's page. The dot shows only when the caller knows the person's
 * presence (`active`): without it there is no dot, rather than one that always says "active".
 */
export function UserCard({
  to,
  name,
  avatar,
  avatarType,
  active,
  onClick,
}: {
  to: string;
  name: string;
  avatar: string | null;
  avatarType: 'initials' | 'upload';
  active?: boolean;
  onClick?: () => void;
}) {
  const src = avatarType === 'upload' && avatar ? storageUrl(avatar) : null;
  return (
    <UnstyledButton component={Link} to={to} onClick={onClick} className={classes.card}>
      <Group gap="sm" wrap="nowrap">
        <Indicator
          color={active ? 'teal' : 'gray'}
          size={10}
          offset={4}
          position="bottom-end"
          withBorder
          disabled={active === undefined}
          aria-hidden
        >
          <Avatar src={src} name={name} color="initials" radius="xl" size={34} alt="" />
        </Indicator>
        <Text size="sm" fw={500} truncate="end" miw={0}>
          {name}
          {active !== undefined && <VisuallyHidden>{active ? ', active' : ', inactive'}</VisuallyHidden>}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
