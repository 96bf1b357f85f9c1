import { Button, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useBusinessOptions } from '../../features/businesses/api/list-business-options';
import { useMyCampaigns } from '../../features/campaigns/api/list-my-campaigns';
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

/**
 * Straight to one of the influencer's campaigns (GET /my/campaigns) or to any business's profile (GET
 * /businesses/list, searchable by name).
 */
function JumpTo() {
  const navigate = useNavigate();
  const campaigns = useMyCampaigns();
  const businesses = useBusinessOptions();
  const campaignOptions = (campaigns.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.title ?? `Campaign ${c.id}`,
  }));
  const businessOptions = (businesses.data?.data ?? [])
    .filter((b) => b.business_name)
    .map((b) => ({ value: String(b.id), label: b.business_name ?? '' }));

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Jump to
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Go to one of your campaigns"
            placeholder={
              campaigns.isPending
                ? 'Loading…'
                : campaignOptions.length
                  ? 'Pick a campaign'
                  : 'No campaigns yet'
            }
            data={campaignOptions}
            disabled={!campaignOptions.length}
            value={null}
            onChange={(value) => value && void navigate(`/influencer/campaigns/${value}`)}
            searchable
            nothingFoundMessage="No campaign of yours has that name"
          />
          <Select
            label="Find a business"
            placeholder={businesses.isPending ? 'Loading…' : 'Type a business name'}
            data={businessOptions}
            value={null}
            onChange={(value) => value && void navigate(`/influencer/businesses/${value}`)}
            searchable
            limit={20}
            nothingFoundMessage="No business has that name"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

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
        <JumpTo />
        <InfluencerAgenda />
        <MyPostsCard />
        <DashboardOverview type="influencer" hideStats={['profile', 'unread']} />
      </Stack>
    </>
  );
}
