import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { downloadCreatorCsv, useCreatorReport } from '../api/reports';
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
 * /business/reports/creators/:influencerUserId (and /admin/…?business_id=) — one creator across the business's
 * campaigns: totals, per campaign, day by day, top posts; CSV of each table.
 */
export default function CreatorReportRoute() {
  const { influencerUserId } = useParams();
  const id = Number(influencerUserId);
  const admin = useLocation().pathname.startsWith('/admin');
  const [search] = useSearchParams();
  const businessId = admin ? Number(search.get('business_id')) || undefined : undefined;
  const base = admin ? '/admin' : '/business';
  const report = useCreatorReport(id, businessId);
  const name = report.data?.creator.name ?? 'Creator';

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to={`${base}/campaigns`} size="sm">
          Campaigns
        </Anchor>
        <Text size="sm" c="dimmed">
          Creator report
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={report.data ? `Report: ${name}` : 'Creator report'}
        description={
          report.data
            ? `${report.data.creator.handle ? `@${report.data.creator.handle} · ` : ''}Across ${report.data.business.name ?? 'the business'}’s campaigns. Generated ${formatDateTime(report.data.generated_at)}.`
            : 'One creator across your campaigns.'
        }
        actions={
          report.data && (
            <Group gap="sm">
              <CsvMenu
                tables={[
                  { label: 'Totals (CSV)', download: () => downloadCreatorCsv(id, 'totals', businessId) },
                  {
                    label: 'Per campaign (CSV)',
                    download: () => downloadCreatorCsv(id, 'campaigns', businessId),
                  },
                  { label: 'Day by day (CSV)', download: () => downloadCreatorCsv(id, 'daily', businessId) },
                  { label: 'Top posts (CSV)', download: () => downloadCreatorCsv(id, 'posts', businessId) },
                ]}
              />
            </Group>
          )
        }
      />
      <ReportBody report={report}>
        {(data) => (
          <>
            <Section
              id="report-campaigns-title"
              title="Per campaign"
              actions={
                <DownloadButton
                  label="CSV"
                  download={() => downloadCreatorCsv(id, 'campaigns', businessId)}
                />
              }
            >
              <FiguresTable
                label="Per campaign"
                nameHeader="Campaign"
                rows={data.campaigns.map((c) => ({ ...c, key: c.campaign_id }))}
                name={(c) => (
                  <Anchor
                    component={Link}
                    to={`${base}/campaigns/${c.campaign_id}/report`}
                    size="sm"
                    fw={600}
                  >
                    {c.title || 'Untitled campaign'}
                  </Anchor>
                )}
              />
            </Section>
            <DailySection
              daily={data.daily}
              actions={
                <DownloadButton label="CSV" download={() => downloadCreatorCsv(id, 'daily', businessId)} />
              }
            />
            <TopPostsSection
              posts={data.top_posts}
              showCampaign
              actions={
                <DownloadButton label="CSV" download={() => downloadCreatorCsv(id, 'posts', businessId)} />
              }
            />
            <MethodSection
              method={data.method}
              settingsLink={admin ? undefined : '/business/settings/attribution'}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
