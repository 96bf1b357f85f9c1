import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';

const TrendChart = lazy(() => import('./trend-chart'));

/**
 * A titled card with a daily series drawn as a chart; the chart code loads on demand. Screen readers get the
 * total instead of the drawing.
 */
export function TrendCard({
  title,
  points,
  kind,
  description,
}: {
  title: string;
  points: { date: string; value: number }[];
  kind?: 'area' | 'bar';
  description?: string;
}) {
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <Paper withBorder p="lg" h="100%">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description ?? `${total} in total`}
          </Text>
        </div>
        <div aria-hidden>
          <Suspense fallback={<Skeleton h={300} />}>
            <TrendChart points={points} label={title} kind={kind} />
          </Suspense>
        </div>
        <VisuallyHidden>
          {title}: {total} in total over {points.length} days.
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
