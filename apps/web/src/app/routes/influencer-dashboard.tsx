import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InfluencerAgenda } from '../../features/connections/components/influencer-agenda';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import { ProfileCard } from '../../features/dashboard/components/profile-card';
import { WelcomeHeader } from '../../features/dashboard/components/welcome-header';
import { MyPostsCard } from '../../features/posts/components/my-posts-card';
import { influencerProfileRequirements } from '../../lib/profile';
import { useCurrentUser } from '../../lib/session/session';

const NEXT_STEPS = [
  {
    title: 'Find campaigns',
    text: 'Browse campaigns from businesses and accept or apply to the ones that fit you.',
    to: '/influencer/campaigns',
    action: 'Browse campaigns',
  },
  {
    title: 'Your connections',
    text: 'Follow your invitations and applications, and message businesses per campaign.',
    to: '/influencer/connections',
    action: 'View connections',
  },
];

/** /influencer: profile completeness, where to go next, and the influencer's figures. */
export default function InfluencerDashboardRoute() {
  const user = useCurrentUser();
  return (
    <>
      <WelcomeHeader name={user.name}>
        A complete profile helps businesses find you and invite you to campaigns.
      </WelcomeHeader>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <ProfileCard
            title="Profile completeness"
            requirements={influencerProfileRequirements(user.influencer)}
            settingsPath="/influencer/settings"
          />
          {NEXT_STEPS.map((step) => (
            <Paper key={step.to} withBorder p="lg" h="100%">
              <Stack gap="sm" h="100%">
                <Title order={2} fz="lg">
                  {step.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
                <Button component={Link} to={step.to} variant="default" mt="auto" w="fit-content">
                  {step.action}
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <InfluencerAgenda />
        <MyPostsCard />
        <DashboardOverview type="influencer" hideStats={['profile', 'unread']} />
      </Stack>
    </>
  );
}
