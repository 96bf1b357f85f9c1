import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconReportAnalytics } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session/session';
import { useCampaign } from '../api/get-campaign';
import { useCampaignPipeline } from '../api/get-campaign-pipeline';
import { AdminModeration } from '../components/admin-moderation';
import { BriefHistoryCard } from '../components/brief-history';
import { BudgetCard } from '../components/budget-card';
import { CampaignStatusBadge } from '../components/campaign-badges';
import { CampaignBrief, CampaignFacts, CampaignOffer } from '../components/campaign-overview';
import { PipelineCard, ResultsCard } from '../components/campaign-pipeline';
import { MediaGallery } from '../components/media-gallery';
import { OutreachCard } from '../components/outreach-card';
import { ThreadsPanel } from '../components/threads-panel';
import { needsBudget, needsProduct } from '../utils/campaign-form';

/** /admin/campaigns/:campaignId — any campaign, read-only, with its conversations and the admin's moderation. */
export default function AdminCampaignRoute() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useCurrentUser();
  const { data: campaign, error, isPending } = useCampaign(valid ? id : 0, { enabled: valid });
  const pipeline = useCampaignPipeline(valid ? id : 0, { enabled: valid });

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <Missing message="We could not find that campaign. It may have been deleted." />;
  }
  if (error) return <Missing message={errorMessage(error)} />;
  if (isPending || !campaign) return <PageLoader />;

  const title = campaign.title || 'Untitled draft';
  const stamp =
    campaign.status === 'archived'
      ? `Archived ${formatDateTime(campaign.archived_at)}`
      : campaign.status === 'paused'
        ? `Paused ${formatDateTime(campaign.paused_at)}`
        : campaign.status === 'completed'
          ? `Completed ${formatDateTime(campaign.completed_at)}`
          : null;

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/admin/campaigns" size="sm">
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
            <CampaignStatusBadge status={campaign.status} size="lg" />
          </Group>
        }
        description={
          <>
            By{' '}
            <Anchor component={Link} to={`/admin/campaigns?business=${campaign.business_id}`}>
              {campaign.business_name ?? 'an unnamed business'}
            </Anchor>{' '}
            · {campaign.type.description}
            {stamp ? ` · ${stamp}` : ''}
          </>
        }
        actions={
          <>
            {campaign.status !== 'draft' && (
              <Button
                component={Link}
                to={`/admin/campaigns/${campaign.id}/report`}
                variant="default"
                leftSection={<IconReportAnalytics size={16} aria-hidden />}
              >
                Report
              </Button>
            )}
            <AdminModeration campaign={campaign} />
          </>
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              You are viewing this campaign as an admin. Only its business can edit it; you can pause or
              archive it, and read and write in its conversations.
            </Alert>
            <PipelineCard
              campaignId={campaign.id}
              pipeline={pipeline.data}
              viewer="admin"
              isPending={pipeline.isPending}
              error={pipeline.error}
            />
            <OutreachCard campaignId={campaign.id} viewer="admin" />
            <Paper withBorder p="lg">
              <Stack gap="lg">
                <CampaignFacts campaign={campaign} />
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    Media
                  </Title>
                  <MediaGallery media={campaign.media} title={title} />
                </Stack>
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Brief
                </Title>
                <CampaignBrief campaign={campaign} />
              </Stack>
            </Paper>
            <ThreadsPanel campaignId={campaign.id} viewerId={user.id} canSend={campaign.abilities.message} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {needsBudget(campaign.type_id) && (
              <BudgetCard campaign={campaign} ledger={pipeline.data?.budget} />
            )}
            <ResultsCard pipeline={pipeline.data} />
            {(needsProduct(campaign.type_id) || needsBudget(campaign.type_id)) && (
              <CampaignOffer campaign={campaign} />
            )}
            {campaign.status !== 'draft' && <BriefHistoryCard campaignId={campaign.id} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="red" variant="light" role="alert" title="Campaign not available">
        {message}
      </Alert>
      <Anchor component={Link} to="/admin/campaigns">
        Back to campaigns
      </Anchor>
    </Stack>
  );
}
