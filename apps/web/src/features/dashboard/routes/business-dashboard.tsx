import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { businessProfileRequirements } from '../../../lib/profile';
import { useCurrentUser } from '../../../lib/session/session';
import { TourButton } from '../../../lib/tours';
import { businessDashboardQueryOptions } from '../api/get-dashboard';
import { businessResultsQueryOptions } from '../api/get-results';
import { BusinessOverview } from '../components/business-overview';
import { PlanCard } from '../components/plan-card';
import { ProfileCard } from '../components/profile-card';
import { ResultsCard } from '../components/results-card';
import { WelcomeHeader } from '../components/welcome-header';
import '../tours/business-dashboard';

/** The page's data, requested as the route loads (app/router.tsx `page`), beside the session's user. */
export function prefetch(client: QueryClient) {
  void client.prefetchQuery(businessResultsQueryOptions());
  void client.prefetchQuery(businessDashboardQueryOptions());
}

/**
 * /business: results across the active campaigns first (this week against the week before), then the business's
 * plan, profile and discovery credits, its figures, what needs attention, each active campaign and the tour.
 */
export default function BusinessDashboardRoute() {
  const user = useCurrentUser();
  return (
    <>
      <WelcomeHeader
        name={user.name}
        actions={<TourButton name="business-dashboard" label={SPEC_TEXT.takeDashboardTour} />}
      >
        Here is where your business stands on REACH.
      </WelcomeHeader>
      <Stack gap="lg">
        <ResultsCard />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <PlanCard user={user} tourTarget="plan" />
          <ProfileCard
            title="Business profile"
            requirements={businessProfileRequirements(user.business)}
            settingsPath="/business/settings"
            tourTarget="profile"
          />
          <Paper withBorder p="lg" h="100%" data-tour="credits">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Discovery credits
              </Title>
              <Text fz={32} fw={800} lh={1.1}>
                {user.credits}
              </Text>
              <Text size="sm" c="dimmed">
                Each page of influencer search results uses credits.
              </Text>
              <Button component={Link} to="/business/discovery" variant="default" mt="xs" w="fit-content">
                Open Discovery
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
        <BusinessOverview hideStats={['credits', 'plan', 'profile', 'posts']} />
      </Stack>
    </>
  );
}
