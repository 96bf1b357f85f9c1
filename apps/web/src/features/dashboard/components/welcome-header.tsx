import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/session/session';
import { greeting, isFirstVisit, recordVisit } from '../utils/first-visit';

/**
 * The top of a dashboard: greeting with the user's name ("Welcome" on the first visit, "Welcome back" after),
 * a line of context and room for actions (tours).
 */
export function WelcomeHeader({
  name,
  children,
  actions,
}: {
  name: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { id } = useCurrentUser();
  // Decided once per showing: the visit recorded below greets the user back next time, not on this render.
  const [firstVisit] = useState(() => isFirstVisit(id));
  useEffect(() => recordVisit(id), [id]);
  return (
    <Group justify="space-between" align="flex-start" mb="xl" gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="reach.6" tt="uppercase" lts={1}>
          Dashboard
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greeting(name, firstVisit)}
        </Title>
        {children && <Text c="dimmed">{children}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
