import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a dashboard: greeting with the user's name, a line of context and room for actions (tours). */
export function WelcomeHeader({
  name,
  children,
  actions,
}: {
  name: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="xl" gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="reach.6" tt="uppercase" lts={1}>
          Dashboard
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Welcome back, {name}
        </Title>
        {children && <Text c="dimmed">{children}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
