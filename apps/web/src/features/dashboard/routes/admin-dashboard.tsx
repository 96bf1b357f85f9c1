import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session/session';
import { DashboardOverview } from '../components/dashboard-overview';
import { PageViewsSection } from '../components/page-views-section';
import { PlatformTotalsCard } from '../components/platform-totals-card';
import { WelcomeHeader } from '../components/welcome-header';

/** /admin: platform money totals, platform figures, sign-ups, recent activity and page views. */
export default function AdminDashboardRoute() {
  const user = useCurrentUser();
  return (
    <>
      <WelcomeHeader name={user.name}>
        Run the platform: accounts, campaigns and reference data.
      </WelcomeHeader>
      <Stack gap="lg">
        <PlatformTotalsCard />
        <DashboardOverview type="admin" />
        <PageViewsSection />
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                Your account
              </Title>
              <Badge variant="light">Administrator</Badge>
            </Group>
            <Text size="sm">
              Signed in as <strong>{user.email}</strong>.
            </Text>
            <Text size="sm" c="dimmed">
              Use the menu to manage users, campaigns, interests, feedback, reviews, states and countries, or
              to look up an Instagram profile.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
