import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

/** The REACH word mark; a link home (its accessible name is "REACH home"). */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Anchor component={Link} to="/" aria-label="REACH home" underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={size} radius="md" variant="filled" aria-hidden>
          <Text fw={800} fz={size === 'xl' ? 'lg' : 'sm'} c="white" lh={1}>
            R
          </Text>
        </ThemeIcon>
        <Text fw={800} fz={size} lts={1.5} lh={1}>
          REACH
        </Text>
      </Group>
    </Anchor>
  );
}
