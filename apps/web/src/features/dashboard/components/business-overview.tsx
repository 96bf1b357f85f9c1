import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BusinessDashboard, DashboardCampaignResult } from '@reach/contract/dashboard';
import { formatUsd } from '@reach/contract/money';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { MetricProvenanceSummary } from '../../../components/metric-provenance';
import { useBusinessDashboard } from '../api/get-dashboard';
import { ActivityCard } from './activity-card';
import { dashboardQueryFallback } from './dashboard-query-fallback';
import { StatsGrid } from './stats-grid';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the business should act on now: each line a link to the page where it is done. */
function AttentionCard({ attention }: { attention: BusinessDashboard['attention'] }) {
  const items = [
    {
      key: 'posts',
      count: attention.posts_to_review,
      text: plural(attention.posts_to_review, 'post to review', 'posts to review'),
      to: '/business/posts',
    },
    {
      key: 'invitations',
      count: attention.invitations_pending,
      text: plural(attention.invitations_pending, 'invitation pending', 'invitations pending'),
      to: '/business/connections',
    },
    {
      key: 'applications',
      count: attention.applications_pending,
      text: plural(attention.applications_pending, 'application to answer', 'applications to answer'),
      to: '/business/connections',
    },
  ];
  const nothing = items.every((i) => i.count === 0) && attention.low_budget.length === 0;
  return (
    <Paper withBorder p="lg" h="100%" component="section" aria-labelledby="attention-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="attention-title">
          Needs attention
        </Title>
        {nothing ? (
          <Text size="sm" c="dimmed">
            Nothing is waiting on you. New posts, invitations and budget warnings will show up here.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <li key={item.key}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor component={Link} to={item.to} size="sm" fw={item.count > 0 ? 600 : 400}>
                    {item.text}
                  </Anchor>
                  {item.count > 0 && (
                    <Badge color="orange" variant="light" aria-hidden>
                      {item.count}
                    </Badge>
                  )}
                </Group>
              </li>
            ))}
            {attention.low_budget.map((low) => (
              <li key={`low-${low.campaign_id}`}>
                <Anchor
                  component={Link}
                  to={`/business/campaigns/${low.campaign_id}`}
                  size="sm"
                  fw={600}
                  c="red"
                >
                  Low budget: {low.title} has {formatUsd(Math.max(0, low.remaining_cents))} left
                  {low.total_budget_cents ? ` of ${formatUsd(low.total_budget_cents)}` : ''}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text fw={700} component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

/** One active campaign's results and money, as its pipeline reports them. */
function CampaignResult({ campaign }: { campaign: DashboardCampaignResult }) {
  const { results, budget } = campaign;
  const titleId = `campaign-result-${campaign.campaign_id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={`/business/campaigns/${campaign.campaign_id}`} fw={700} id={titleId}>
            {campaign.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {plural(campaign.creators, 'creator', 'creators')}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          <Figure label="Approved posts" value={`${results.approved_posts} of ${results.posts}`} />
          <Figure label="Reach" value={results.reach.toLocaleString('en-US')} />
          <Figure label="Engagements" value={results.engagements.toLocaleString('en-US')} />
          <Figure label="Committed" value={formatUsd(budget.committed_cents)} />
          <Figure label="Spent" value={formatUsd(budget.spent_cents)} />
          <Figure label="Remaining" value={formatUsd(budget.remaining_cents)} />
        </SimpleGrid>
        <MetricProvenanceSummary
          measured={results.provenance.measured_posts}
          estimated={results.provenance.estimated_posts}
          oldestAsOf={results.provenance.oldest_as_of}
        />
      </Stack>
    </Paper>
  );
}

function CampaignResultsCard({ campaigns }: { campaigns: BusinessDashboard['campaigns'] }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="results-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="results-title">
          Campaign results
        </Title>
        {campaigns.length === 0 ? (
          <Text size="sm" c="dimmed">
            No active campaigns. Publish a campaign to see its posts, reach and budget here.{' '}
            <Anchor component={Link} to="/business/campaigns">
              Go to campaigns
            </Anchor>
          </Text>
        ) : (
          <Stack gap="sm">
            {campaigns.map((campaign) => (
              <CampaignResult key={campaign.campaign_id} campaign={campaign} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The business's dashboard figures (GET /dashboard/businesses): stat cards, what needs attention, each active
 * campaign's results and recent activity. `hideStats` leaves out figures the page already shows in its own cards.
 */
export function BusinessOverview({ hideStats = [] }: { hideStats?: string[] }) {
  const query = useBusinessDashboard();
  // Rendered in a background pass once the response is there, as the results card is (results-card.tsx).
  const data = useDeferredValue(query.data);
  const fallback = dashboardQueryFallback({
    isPending: query.isPending || (query.data !== undefined && data === undefined),
    error: query.error,
  });
  if (fallback || !data) return fallback;
  return (
    <Stack gap="lg">
      <StatsGrid stats={data.stats.filter((stat) => !hideStats.includes(stat.key))} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AttentionCard attention={data.attention} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ActivityCard activity={data.activity} />
        </Grid.Col>
      </Grid>
      <CampaignResultsCard campaigns={data.campaigns} />
    </Stack>
  );
}
