import { Grid, Stack } from '@mantine/core';
import { type TrendDashboardType, useDashboard } from '../api/get-dashboard';
import { ActivityCard } from './activity-card';
import { dashboardQueryFallback } from './dashboard-query-fallback';
import { StatsGrid } from './stats-grid';
import { TrendCard } from './trend-card';

/**
 * The role's dashboard figures (GET /dashboard/…): stat cards, the trend chart and recent activity.
 * `hideStats` leaves out figures a page already shows in its own cards.
 */
export function DashboardOverview({
  type,
  hideStats = [],
}: {
  type: TrendDashboardType;
  hideStats?: string[];
}) {
  const { data, error, isPending } = useDashboard(type);

  const fallback = dashboardQueryFallback({ isPending, error });
  if (fallback || !data) return fallback;
  return (
    <Stack gap="lg">
      <StatsGrid stats={data.stats.filter((stat) => !hideStats.includes(stat.key))} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <TrendCard title={data.trend.label} points={data.trend.points} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ActivityCard activity={data.activity} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
