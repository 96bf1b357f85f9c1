import { Alert, Anchor, Badge, Breadcrumbs, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { useCampaign } from '../../features/campaigns/api/get-campaign';
import { CampaignStatusBadge } from '../../features/campaigns/components/campaign-badges';
import {
  CampaignBrief,
  CampaignFacts,
  CampaignOffer,
} from '../../features/campaigns/components/campaign-overview';
import { MediaGallery } from '../../features/campaigns/components/media-gallery';
import { MessageThread } from '../../features/campaigns/components/message-thread';
import { CampaignConnectionCard } from '../../features/connections/components/campaign-connection-card';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../../lib/session/session';

/** /influencer/campaigns/:campaignId — the brief, the offer, the business, and a conversation with it. */
export default function InfluencerCampaignRoute() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useCurrentUser();
  const { data: campaign, error, isPending } = useCampaign(valid ? id : 0, { enabled: valid });

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <Missing message="This campaign is not available. It may have ended or been paused." />;
  }
  if (error) return <Missing message={errorMessage(error)} />;
  if (isPending || !campaign) return <PageLoader />;

  const title = campaign.title ?? 'Untitled campaign';
  const business = campaign.business_name ?? 'the business';

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/influencer/campaigns" size="sm">
          Campaigns
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {title}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>{title}</span>
            {campaign.status !== 'active' && <CampaignStatusBadge status={campaign.status} size="lg" />}
          </Group>
        }
        description={
          <>
            by{' '}
            <Anchor component={Link} to={`/influencer/campaigns?business=${campaign.business_id}`}>
              {business}
            </Anchor>{' '}
            · {campaign.type.description}
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Stack gap="lg">
                <CampaignFacts campaign={campaign} />
                {campaign.media.length > 0 && <MediaGallery media={campaign.media} title={title} />}
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Title order={2} fz="lg">
                    The brief
                  </Title>
                  {campaign.brief_updated_at && (
                    <Badge variant="light" color="blue" leftSection={<IconHistory size={12} aria-hidden />}>
                      Updated on {formatDate(campaign.brief_updated_at)}
                    </Badge>
                  )}
                </Group>
                {campaign.brief_updated_at && (
                  <Text size="sm" c="dimmed">
                    {business} updated the brief on {formatDate(campaign.brief_updated_at)}. Read it again
                    before your next post.
                  </Text>
                )}
                <CampaignBrief campaign={campaign} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <CampaignConnectionCard
              campaignId={campaign.id}
              campaignStatus={campaign.status}
              businessName={business}
            />
            <CampaignOffer campaign={campaign} title="What you get" />
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Message {business}
                </Title>
                <MessageThread
                  campaignId={campaign.id}
                  viewerId={user.id}
                  canSend={campaign.abilities.message}
                  emptyText={`Questions about this campaign? Write to ${business}.`}
                  height={300}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="yellow" variant="light" role="alert" title="Campaign not available">
        {message}
      </Alert>
      <Anchor component={Link} to="/influencer/campaigns">
        Back to campaigns
      </Anchor>
    </Stack>
  );
}
