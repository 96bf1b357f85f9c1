import { Alert, Anchor, Avatar, Breadcrumbs, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ConnectionStatusBadge } from '../../components/connection-badges';
import { PageLoader } from '../../components/page-loader';
import { ReviewCard } from '../../components/review-card';
import { MyLinksCard } from '../../features/attribution/components/my-links-card';
import { MessageThread } from '../../features/campaigns/components/message-thread';
import { useConnection } from '../../features/connections/api/get-connection';
import { ConnectionActions } from '../../features/connections/components/connection-actions';
import { ConnectionTimeline } from '../../features/connections/components/connection-timeline';
import { ReviewForm } from '../../features/connections/components/review-form';
import { campaignPath, counterpart, type Side } from '../../features/connections/utils/counterpart';
import { ConnectionPosts } from '../../features/posts/components/connection-posts';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session/session';

/**
 * /business/connections/:connectionId and /influencer/connections/:connectionId: the other side, the campaign,
 * the next steps, the posts (submitted, reviewed, resubmitted), the history, the conversation (the campaign thread
 * of this influencer) and the reviews.
 */
export default function ConnectionRoute() {
  const { connectionId } = useParams();
  const id = Number(connectionId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useCurrentUser();
  const viewer: Side = user.type === 'business' ? 'business' : 'influencer';
  const { data: connection, error, isPending } = useConnection(valid ? id : 0, { enabled: valid });
  const back = `/${viewer}/connections`;

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <Missing back={back} message="This connection does not exist or is not yours." />;
  }
  if (error) return <Missing back={back} message={errorMessage(error)} />;
  if (isPending || !connection) return <PageLoader />;

  const other = counterpart(connection, viewer);
  const campaignTitle = connection.campaign.title ?? 'Untitled campaign';
  const waitingOnOther =
    (connection.status === 'invited' && viewer === 'business') ||
    (connection.status === 'applied' && viewer === 'influencer');

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to={back} size="sm">
          Connections
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {other.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={other.avatar} name={other.name} color="initials" radius="xl" size={56} alt="" />
          <Stack gap={2} miw={0}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                <Anchor component={Link} to={other.to} c="inherit" fz="inherit" fw="inherit">
                  {other.name}
                </Anchor>
              </Title>
              <ConnectionStatusBadge status={connection.status} size="lg" />
            </Group>
            <Text c="dimmed" size="sm">
              <Anchor component={Link} to={campaignPath(viewer, connection.campaign.id)}>
                {campaignTitle}
              </Anchor>{' '}
              · {connection.campaign.type_name}
              {connection.campaign.end_date ? ` · ends ${formatDate(connection.campaign.end_date)}` : ''}
            </Text>
          </Stack>
        </Group>
        <ConnectionActions connection={connection} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} fz="lg">
                Conversation
              </Title>
              <MessageThread
                campaignId={connection.campaign.id}
                influencerId={viewer === 'business' ? connection.influencer.user_id : null}
                viewerId={user.id}
                canSend={connection.abilities.message}
                emptyText={`No messages yet. Write to ${other.name} about "${campaignTitle}".`}
                height={360}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {/* Posts exist only once the influencer works on the campaign. */}
            {viewer === 'influencer' && ['accepted', 'completed'].includes(connection.status) && (
              <MyLinksCard campaignId={connection.campaign.id} />
            )}
            {['accepted', 'completed', 'cancelled'].includes(connection.status) && (
              <ConnectionPosts connection={connection} viewer={viewer} />
            )}
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Status
                </Title>
                {waitingOnOther && (
                  <Text size="sm" c="dimmed">
                    Waiting for {other.name} to answer.
                  </Text>
                )}
                {connection.message && (
                  <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="md">
                    <Text size="xs" c="dimmed" fw={600} mb={2}>
                      {connection.initiated_by === 'business' ? 'Invitation note' : 'Application note'}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {connection.message}
                    </Text>
                  </Paper>
                )}
                <ConnectionTimeline connection={connection} />
              </Stack>
            </Paper>
            {connection.status === 'completed' && (
              <Paper withBorder p="lg">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    Reviews
                  </Title>
                  {connection.abilities.review && (
                    <ReviewForm connectionId={connection.id} subject={other.name} />
                  )}
                  {connection.reviews.mine && (
                    <Stack gap={6}>
                      <Text size="sm" fw={600}>
                        Your review
                      </Text>
                      <ReviewCard review={connection.reviews.mine} />
                    </Stack>
                  )}
                  {connection.reviews.theirs ? (
                    <Stack gap={6}>
                      <Text size="sm" fw={600}>
                        {other.name}'s review
                      </Text>
                      <ReviewCard review={connection.reviews.theirs} />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {other.name} has not reviewed this collaboration yet.
                    </Text>
                  )}
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Missing({ message, back }: { message: string; back: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="yellow" variant="light" role="alert" title="Connection not available">
        {message}
      </Alert>
      <Anchor component={Link} to={back}>
        Back to connections
      </Anchor>
    </Stack>
  );
}
