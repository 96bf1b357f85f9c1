import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CAMPAIGN_FIELD_LABELS, type CampaignField } from '@reach/contract/campaigns';
import { IconAlertCircle, IconReportAnalytics } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CampaignLinksCard } from '../../../components/attribution/campaign-links-card';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { FundCampaignModal } from '../../../components/payments/fund-campaign-modal';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session/session';
import { campaignKeys } from '../api/campaign-keys';
import { useCampaign } from '../api/get-campaign';
import { useCampaignPipeline } from '../api/get-campaign-pipeline';
import { BriefHistoryCard } from '../components/brief-history';
import { BudgetCard } from '../components/budget-card';
import { CampaignActionButtons } from '../components/campaign-actions';
import { CampaignStatusBadge } from '../components/campaign-badges';
import { CampaignBrief, CampaignFacts, CampaignOffer } from '../components/campaign-overview';
import { PipelineCard, ResultsCard } from '../components/campaign-pipeline';
import { CsvImportCard } from '../components/csv-import-card';
import { MediaGallery } from '../components/media-gallery';
import { OutreachCard } from '../components/outreach-card';
import { ThreadsPanel } from '../components/threads-panel';
import { useCampaignActions } from '../hooks/use-campaign-actions';
import { needsBudget, needsProduct } from '../utils/campaign-form';

/** /business/campaigns/:campaignId — summary, budget, actions, conversations and CSV invitations. */
export default function BusinessCampaignRoute() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { data: campaign, error, isPending } = useCampaign(valid ? id : 0, { enabled: valid });
  const pipeline = useCampaignPipeline(valid ? id : 0, { enabled: valid });
  const { run, modal, busy } = useCampaignActions({
    onDeleted: () => void navigate('/business/campaigns', { replace: true }),
  });
  const queryClient = useQueryClient();
  const [funding, setFunding] = useState(false);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <Missing message="We could not find that campaign. It may have been deleted." />;
  }
  if (error) return <Missing message={errorMessage(error)} />;
  if (isPending || !campaign) return <PageLoader />;

  const title = campaign.title || 'Untitled draft';
  const missing = campaign.missing_fields as CampaignField[];

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/business/campaigns" size="sm">
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
        description={campaign.type.description}
        actions={
          <>
            {campaign.status !== 'draft' && (
              <Button
                component={Link}
                to={`/business/campaigns/${campaign.id}/report`}
                variant="default"
                leftSection={<IconReportAnalytics size={16} aria-hidden />}
              >
                Report
              </Button>
            )}
            <CampaignActionButtons campaign={campaign} onAction={run} busy={busy} />
          </>
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {missing.length > 0 && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertCircle size={18} aria-hidden />}
                title="Before you publish"
              >
                Still needed: {missing.map((field) => CAMPAIGN_FIELD_LABELS[field] ?? field).join(', ')}.{' '}
                {campaign.abilities.update && (
                  <Anchor component={Link} to={`/business/campaigns/${campaign.id}/edit`} size="sm" fw={600}>
                    Continue editing
                  </Anchor>
                )}
              </Alert>
            )}
            <PipelineCard
              campaignId={campaign.id}
              pipeline={pipeline.data}
              viewer="business"
              isPending={pipeline.isPending}
              error={pipeline.error}
            />
            {campaign.status !== 'draft' && <CampaignLinksCard campaignId={campaign.id} />}
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
            {campaign.status !== 'archived' && campaign.status !== 'completed' && (
              <CsvImportCard
                campaignId={campaign.id}
                businessId={campaign.business_id}
                campaignStatus={campaign.status}
              />
            )}
            {campaign.status !== 'draft' && <OutreachCard campaignId={campaign.id} viewer="business" />}
            <ThreadsPanel campaignId={campaign.id} viewerId={user.id} canSend={campaign.abilities.message} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            {needsBudget(campaign.type_id) && (
              <BudgetCard
                campaign={campaign}
                ledger={pipeline.data?.budget}
                onFund={() => setFunding(true)}
              />
            )}
            <ResultsCard pipeline={pipeline.data} />
            {(needsProduct(campaign.type_id) || needsBudget(campaign.type_id)) && (
              <CampaignOffer campaign={campaign} />
            )}
            {campaign.status !== 'draft' && <BriefHistoryCard campaignId={campaign.id} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {modal}
      <FundCampaignModal
        campaign={{
          id: campaign.id,
          title: campaign.title,
          total_budget_cents: campaign.total_budget_cents,
          to_fund_cents: campaign.budget.to_fund_cents,
        }}
        opened={funding}
        onClose={() => setFunding(false)}
        onFunded={() => {
          void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaign.id) });
          void queryClient.invalidateQueries({ queryKey: campaignKeys.pipeline(campaign.id) });
        }}
      />
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="red" variant="light" role="alert" title="Campaign not available">
        {message}
      </Alert>
      <Anchor component={Link} to="/business/campaigns">
        Back to campaigns
      </Anchor>
    </Stack>
  );
}
