import { Anchor, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import classes from './logo.module.css';

/**
 * The REACH word mark; a link home. Its accessible name, "REACH home", starts with the word it shows (WCAG
 * 2.5.3 label in name); the "R" of the mark is drawn by CSS, so it is not part of either.
 */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={size}
          radius="md"
          variant="filled"
          aria-hidden
          className={classes.mark}
          data-size={size}
        />
        <Text component="span" fw={800} fz={size} lts={1.5} lh={1}>
          REACH<VisuallyHidden> home</VisuallyHidden>
        </Text>
      </Group>
    </Anchor>
  );
}
