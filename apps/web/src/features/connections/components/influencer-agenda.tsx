import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Connection } from '@reach/contract/connections';
import { Link } from 'react-router';
import { daysLeft, formatDate } from '../../../lib/format';
import { useConnections } from '../api/list-connections';
import { ConnectionActions } from './connection-actions';

function Row({ connection, children }: { connection: Connection; children?: React.ReactNode }) {
  return (
    <Stack gap={4} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor
          component={Link}
          to={`/influencer/connections/${connection.id}`}
          size="sm"
          fw={600}
          lineClamp={1}
        >
          {connection.campaign.title ?? 'Untitled campaign'}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {connection.business.business_name}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

/** The influencer dashboard's to-dos: invitations to answer, and the active collaborations by deadline. */
export function InfluencerAgenda() {
  const invitations = useConnections({ status: 'invited', sortBy: 'updated_at', sortDesc: 'desc', items: 5 });
  const active = useConnections({ status: 'accepted', sortBy: 'end_date', sortDesc: 'asc', items: 5 });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Pending invitations
            </Title>
            <Button component={Link} to="/influencer/connections?status=invited" variant="subtle" size="xs">
              View all
            </Button>
          </Group>
          {invitations.isPending && <Skeleton h={60} />}
          {invitations.data?.data.length === 0 && (
            <Text size="sm" c="dimmed">
              No invitations waiting. Businesses invite you from your public profile.
            </Text>
          )}
          {invitations.data?.data.map((c) => (
            <Row key={c.id} connection={c}>
              <ConnectionActions connection={c} compact />
            </Row>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Upcoming deadlines
            </Title>
            <Button component={Link} to="/influencer/connections?status=accepted" variant="subtle" size="xs">
              View all
            </Button>
          </Group>
          {active.isPending && <Skeleton h={60} />}
          {active.data?.data.length === 0 && (
            <Text size="sm" c="dimmed">
              No active collaborations. Accept an invitation or apply to a campaign.
            </Text>
          )}
          {active.data?.data.map((c) => (
            <Row key={c.id} connection={c}>
              <Text
                size="xs"
                c={c.campaign.end_date && daysLeft(c.campaign.end_date) <= 7 ? 'orange.8' : 'dimmed'}
              >
                {c.campaign.end_date
                  ? `Ends ${formatDate(c.campaign.end_date)} · ${daysLeft(c.campaign.end_date)} days left`
                  : 'No end date'}
              </Text>
            </Row>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
