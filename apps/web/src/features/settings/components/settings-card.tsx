import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of a settings page. */
export function SettingsCard({
  title,
  description,
  children,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  headingId?: string;
}) {
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
      style={{ overflow: 'hidden' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
