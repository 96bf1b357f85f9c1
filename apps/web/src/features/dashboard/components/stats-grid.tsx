import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Dashboard } from '@reach/contract/dashboard';

/** The dashboard's headline figures as cards; `%` hints are shown as the unit. */
export function StatsGrid({ stats }: { stats: Dashboard['stats'] }) {
  if (stats.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(stats.length, 4) }} spacing="lg">
      {stats.map((stat) => {
        const percent = stat.hint === '%';
        const value =
          stat.format === 'cents'
            ? (stat.value / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
            : stat.value.toLocaleString('en-US');
        return (
          <Paper key={stat.key} withBorder p="lg">
            <Text size="sm" c="dimmed" fw={600}>
              {stat.label}
            </Text>
            <Text fz={28} fw={800} lh={1.2} mt={4}>
              {value}
              {percent && '%'}
            </Text>
            {stat.hint && !percent && (
              <Text size="xs" c="dimmed" mt={2}>
                {stat.hint}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
