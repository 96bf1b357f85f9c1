import { Anchor, Breadcrumbs, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { downloadCampaignCsv, downloadCampaignPdf, useCampaignReport } from '../api/reports';
import {
  CsvMenu,
  DailySection,
  DownloadButton,
  FiguresTable,
  MethodSection,
  ReportBody,
  Section,
  TopPostsSection,
} from '../components/report-parts';

/**
 * /business/campaigns/:campaignId/report and /admin/campaigns/:campaignId/report — a campaign's totals with how
 * each is computed, per creator (each opens the creator's report), day by day, its top posts; CSV and PDF.
 */
export default function CampaignReportRoute() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const admin = useLocation().pathname.startsWith('/admin');
  const base = admin ? '/admin' : '/business';
  const report = useCampaignReport(id);
  const title = report.data?.campaign.title || 'Untitled campaign';

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to={`${base}/campaigns`} size="sm">
          Campaigns
        </Anchor>
        <Anchor component={Link} to={`${base}/campaigns/${id}`} size="sm" lineClamp={1}>
          {report.data ? title : 'Campaign'}
        </Anchor>
        <Text size="sm" c="dimmed">
          Report
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={report.data ? `Report: ${title}` : 'Campaign report'}
        description={
          report.data
            ? `${admin && report.data.campaign.business_name ? `${report.data.campaign.business_name} · ` : ''}Generated ${formatDateTime(report.data.generated_at)}. Spend, EMV and costs in US dollars.`
            : 'Results of the campaign, with how each figure is computed.'
        }
        actions={
          report.data && (
            <Group gap="sm">
              <CsvMenu
                tables={[
                  { label: 'Totals (CSV)', download: () => downloadCampaignCsv(id, 'totals') },
                  { label: 'Per creator (CSV)', download: () => downloadCampaignCsv(id, 'creators') },
                  { label: 'Day by day (CSV)', download: () => downloadCampaignCsv(id, 'daily') },
                  { label: 'Top posts (CSV)', download: () => downloadCampaignCsv(id, 'posts') },
                ]}
              />
              <DownloadButton label="PDF" pdf size="sm" download={() => downloadCampaignPdf(id)} />
            </Group>
          )
        }
      />
      <ReportBody report={report}>
        {(data) => (
          <>
            <MethodSection
              method={data.method}
              settingsLink={admin ? undefined : '/business/settings/attribution'}
            />
            <Section
              id="report-creators-title"
              title="Per creator"
              description="Every creator on the campaign, and anyone with figures on it. Open a name for the creator's report across your campaigns."
              actions={<DownloadButton label="CSV" download={() => downloadCampaignCsv(id, 'creators')} />}
            >
              {data.creators.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No creators on this campaign yet.
                </Text>
              ) : (
                <FiguresTable
                  label="Per creator"
                  nameHeader="Creator"
                  rows={data.creators.map((c) => ({ ...c, key: c.influencer_user_id }))}
                  name={(c) => (
                    <Stack gap={0}>
                      <Anchor
                        component={Link}
                        to={`${base}/reports/creators/${c.influencer_user_id}${admin ? `?business_id=${data.campaign.business_id}` : ''}`}
                        size="sm"
                        fw={600}
                      >
                        {c.name}
                      </Anchor>
                      {c.handle && (
                        <Text size="xs" c="dimmed">
                          @{c.handle}
                        </Text>
                      )}
                    </Stack>
                  )}
                />
              )}
            </Section>
            <DailySection
              daily={data.daily}
              actions={<DownloadButton label="CSV" download={() => downloadCampaignCsv(id, 'daily')} />}
            />
            <TopPostsSection
              posts={data.top_posts}
              actions={<DownloadButton label="CSV" download={() => downloadCampaignCsv(id, 'posts')} />}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
