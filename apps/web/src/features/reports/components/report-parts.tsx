import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatUsd } from '@reach/contract/money';
import type { CampaignReport, Ratio, ReportFigures } from '@reach/contract/reports';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { MetricProvenance } from '../../../components/metric-provenance';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';

type Method = CampaignReport['method'];
type Day = CampaignReport['daily'][number];
type Post = CampaignReport['top_posts'][number];

/** A cost in dollars: to the cent, or to a hundredth of a cent below a dollar (a cost per engagement often is). */
export function costText(r: Ratio): string {
  if (r.value === null) return '—';
  return r.value < 100 ? `$${(r.value / 100).toFixed(4)}` : formatUsd(Math.round(r.value));
}
export const roasText = (r: Ratio) => (r.value === null ? '—' : `${r.value.toFixed(2)}×`);

/** Revenue in US dollars, and the other currencies as they are (never converted). */
export function revenueText(f: Pick<ReportFigures, 'revenue' | 'revenue_usd_cents'>): string {
  const other = f.revenue.filter((r) => r.currency !== 'USD').map((r) => `${r.amount} ${r.currency}`);
  return [formatUsd(f.revenue_usd_cents), ...other].join(' + ');
}

export function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A button that downloads a file, with its errors as a toast. */
export function DownloadButton({
  label,
  download,
  pdf = false,
  size = 'xs',
}: {
  label: string;
  download: () => Promise<void>;
  pdf?: boolean;
  size?: 'xs' | 'sm';
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size={size}
      loading={busy}
      leftSection={pdf ? <IconFileTypePdf size={16} aria-hidden /> : <IconDownload size={16} aria-hidden />}
      onClick={() => {
        setBusy(true);
        download()
          .catch((error: unknown) => toast.error(errorMessage(error)))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The CSV downloads of every table, in one menu. */
export function CsvMenu({ tables }: { tables: { label: string; download: () => Promise<void> }[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {tables.map((t) => (
          <Menu.Item
            key={t.label}
            onClick={() => void t.download().catch((error: unknown) => toast.error(errorMessage(error)))}
          >
            {t.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Figure({ label, value, how }: { label: string; value: string; how: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {how}
      </Text>
    </Paper>
  );
}

/** The totals, each with how it is computed (or why it cannot be). */
export function TotalsGrid({ totals, method }: { totals: ReportFigures; method: Method }) {
  const r = totals.ratios;
  const ratioHow = (ratio: Ratio) => (ratio.reason ? `${ratio.reason} · ${ratio.formula}` : ratio.formula);
  const items = [
    {
      label: 'Spend',
      value: formatUsd(totals.spend.cents),
      how: `${formatUsd(totals.spend.paid_cents)} paid to creators + ${formatUsd(totals.spend.product_cents)} of product (${totals.spend.product_units} × product)`,
    },
    {
      label: 'Clicks',
      value: formatCount(totals.clicks.unique),
      how: `Unique (a browser once per 30 min); ${formatCount(totals.clicks.total)} in all, bots left out`,
    },
    {
      label: 'Conversions',
      value: formatCount(totals.conversions),
      how: `Attributed orders (window ${method.attribution_window_days} days)`,
    },
    { label: 'Revenue', value: revenueText(totals), how: 'Attributed orders; currencies are not converted' },
    {
      label: 'Engagements',
      value: formatCount(totals.engagements),
      how: `likes + comments + shares + saves of ${formatCount(totals.posts)} approved posts`,
    },
    {
      label: 'Impressions',
      value: formatCount(totals.impressions),
      how: 'Impressions, or reach when a post reports none',
    },
    { label: 'EMV', value: formatUsd(totals.emv_cents), how: 'By the formula below' },
    { label: 'CPE', value: costText(r.cpe), how: ratioHow(r.cpe) },
    { label: 'CPM', value: costText(r.cpm), how: ratioHow(r.cpm) },
    { label: 'CPC', value: costText(r.cpc), how: ratioHow(r.cpc) },
    { label: 'CPA', value: costText(r.cpa), how: ratioHow(r.cpa) },
    { label: 'ROAS', value: roasText(r.roas), how: ratioHow(r.roas) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm">
      {items.map((item) => (
        <Figure key={item.label} {...item} />
      ))}
    </SimpleGrid>
  );
}

/** How every figure is computed: the EMV formula with the business's values, the ratios, spend, days. */
export function MethodSection({ method, settingsLink }: { method: Method; settingsLink?: string }) {
  return (
    <Section
      id="report-method-title"
      title="How these figures are computed"
      description={
        settingsLink ? (
          <>
            The EMV values are yours to set in{' '}
            <Anchor component={Link} to={settingsLink} size="sm">
              Settings › Attribution &amp; API keys
            </Anchor>
            .
          </>
        ) : undefined
      }
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Earned media value (EMV)
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="emv-formula">
          {method.emv_formula}
        </Code>
        <Text size="sm" fw={600} mt="xs">
          Costs and return
        </Text>
        <Stack gap={2} component="ul" m={0} pl="md">
          {Object.values(method.ratio_formulas).map((formula) => (
            <Text component="li" size="sm" key={formula}>
              {formula}
            </Text>
          ))}
        </Stack>
        <Text size="sm">{method.spend}</Text>
        <Text size="sm">
          {method.attribution_rule} Attribution window: {method.attribution_window_days} days.
        </Text>
        <Text size="sm" c="dimmed">
          {method.days}
        </Text>
      </Stack>
    </Section>
  );
}

const SERIES = {
  clicks: { label: 'Clicks', value: (d: Day) => d.clicks },
  conversions: { label: 'Conversions', value: (d: Day) => d.conversions },
  revenue: { label: 'Revenue (USD)', value: (d: Day) => d.revenue_usd_cents / 100 },
  engagements: { label: 'Engagements', value: (d: Day) => d.engagements },
} as const;
type SeriesKey = keyof typeof SERIES;

/** The daily series, one figure at a time (their scales differ by orders of magnitude). */
export function DailySection({ daily, actions }: { daily: Day[]; actions?: ReactNode }) {
  const [series, setSeries] = useState<SeriesKey>('clicks');
  const phone = useMediaQuery('(max-width: 36em)');
  const chosen = SERIES[series];
  const total = daily.reduce((n, d) => n + chosen.value(d), 0);
  const data = daily.map((d) => ({ day: formatDay(d.date) || d.date, [chosen.label]: chosen.value(d) }));
  const first = daily[0];
  const last = daily.at(-1);
  return (
    <Section
      id="report-daily-title"
      title="Day by day"
      description="UTC days. A post's engagements count on the day it was posted."
      actions={actions}
    >
      {daily.length === 0 ? (
        <Text size="sm" c="dimmed">
          No clicks, conversions or posts yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Figure shown"
            value={series}
            onChange={(value) => setSeries(value as SeriesKey)}
            data={Object.entries(SERIES).map(([value, s]) => ({ value, label: s.label }))}
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth
            size="xs"
          />
          <Text size="sm" aria-live="polite">
            {chosen.label}: {series === 'revenue' ? formatUsd(Math.round(total * 100)) : formatCount(total)}{' '}
            from {formatDay(first?.date)} to {formatDay(last?.date)}.
          </Text>
          <div aria-hidden>
            <BarChart
              h={260}
              data={data}
              dataKey="day"
              series={[{ name: chosen.label, color: 'reach.6' }]}
              tickLine="none"
              yAxisProps={{ allowDecimals: series === 'revenue', width: 48 }}
              xAxisProps={{ minTickGap: 24 }}
              barProps={{ radius: 3 }}
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
        </Stack>
      )}
    </Section>
  );
}

/** The posts with the highest EMV, each figure with its source and age. */
export function TopPostsSection({
  posts,
  showCampaign = false,
  actions,
}: {
  posts: Post[];
  showCampaign?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Section
      id="report-posts-title"
      title="Top posts"
      description="Approved posts by EMV. Each shows where its figures come from and how old they are."
      actions={actions}
    >
      {posts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No approved posts yet.
        </Text>
      ) : (
        <>
          <Stack
            gap="sm"
            hiddenFrom="sm"
            component="ul"
            m={0}
            p={0}
            aria-label="Top posts"
            style={{ listStyle: 'none' }}
          >
            {posts.map((p) => (
              <Paper component="li" withBorder p="sm" key={p.id}>
                <PostTitle post={p} showCampaign={showCampaign} />
                <Text size="sm" mt={4}>
                  {formatCount(p.engagements)} engagements · {formatCount(p.impressions)} impressions · EMV{' '}
                  {formatUsd(p.emv_cents)}
                </Text>
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table verticalSpacing="xs" aria-label="Top posts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Post</Table.Th>
                  <Table.Th ta="right">Engagements</Table.Th>
                  <Table.Th ta="right">Impressions</Table.Th>
                  <Table.Th ta="right">EMV</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {posts.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <PostTitle post={p} showCampaign={showCampaign} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(p.engagements)}</Table.Td>
                    <Table.Td ta="right">{formatCount(p.impressions)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(p.emv_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Section>
  );
}

/** A post: platform, creator (linking to the post), campaign, where its figures come from and their age. */
function PostTitle({ post: p, showCampaign }: { post: Post; showCampaign: boolean }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" size="sm" tt="none">
          {p.platform}
        </Badge>
        {p.post_url ? (
          <Anchor href={p.post_url} target="_blank" rel="noreferrer" size="sm" fw={600}>
            {p.creator}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {p.creator}
          </Text>
        )}
      </Group>
      {showCampaign && p.campaign_title && (
        <Text size="xs" c="dimmed">
          {p.campaign_title}
        </Text>
      )}
      <Group gap={6} wrap="wrap">
        {p.metrics ? (
          <MetricProvenance source={p.metrics.source} method={p.metrics.method} asOf={p.metrics.as_of} />
        ) : (
          <Text size="xs" c="dimmed">
            metrics not fetched yet
          </Text>
        )}
        <Text size="xs" c="dimmed">
          · posted {formatDay(p.submitted_at)}
        </Text>
      </Group>
    </>
  );
}

/** The figures of a report row, in the order of the table's columns; `note` says why a figure is missing. */
const ROW_FIGURES: {
  label: string;
  value: (row: ReportFigures) => string;
  note?: (row: ReportFigures) => string | null;
}[] = [
  { label: 'Spend', value: (row) => formatUsd(row.spend.cents) },
  { label: 'Clicks', value: (row) => formatCount(row.clicks.unique) },
  { label: 'Conversions', value: (row) => formatCount(row.conversions) },
  { label: 'Revenue', value: revenueText },
  { label: 'Engagements', value: (row) => formatCount(row.engagements) },
  { label: 'EMV', value: (row) => formatUsd(row.emv_cents) },
  { label: 'ROAS', value: (row) => roasText(row.ratios.roas), note: (row) => row.ratios.roas.reason },
];

/** A table of report rows (creators or campaigns): the name cell is the caller's. */
export function FiguresTable<T extends ReportFigures & { key: number }>({
  label,
  nameHeader,
  rows,
  name,
}: {
  label: string;
  nameHeader: string;
  rows: T[];
  name: (row: T) => ReactNode;
}) {
  return (
    <>
      {/* Phones: one card per row instead of a table to scroll sideways, the reason of a missing figure shown. */}
      <Stack
        gap="sm"
        hiddenFrom="sm"
        component="ul"
        m={0}
        p={0}
        aria-label={label}
        style={{ listStyle: 'none' }}
      >
        {rows.map((row) => (
          <Paper component="li" withBorder p="sm" key={row.key}>
            {name(row)}
            <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt="xs">
              {ROW_FIGURES.map((figure) => {
                const note = figure.note?.(row);
                return (
                  <Text size="sm" key={figure.label}>
                    <Text span size="xs" c="dimmed">
                      {figure.label}:{' '}
                    </Text>
                    {figure.value(row)}
                    {note && ` (${note})`}
                  </Text>
                );
              })}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
      {/* Wider screens: a table, the reason of a missing figure for screen readers. */}
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="xs" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameHeader}</Table.Th>
              {ROW_FIGURES.map((figure) => (
                <Table.Th ta="right" key={figure.label}>
                  {figure.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{name(row)}</Table.Td>
                {ROW_FIGURES.map((figure) => {
                  const note = figure.note?.(row);
                  return (
                    <Table.Td ta="right" key={figure.label}>
                      {figure.value(row)}
                      {note && <VisuallyHidden>{note}</VisuallyHidden>}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/**
 * A report's body: skeletons while it loads, the error if it could not be, else its Totals and then the
 * page's own sections.
 */
export function ReportBody<R extends { totals: ReportFigures; method: Method }>({
  report,
  children,
}: {
  report: UseQueryResult<R>;
  children: (data: R) => ReactNode;
}) {
  if (report.isPending)
    return (
      <Stack gap="md">
        <Skeleton height={160} />
        <Skeleton height={240} />
      </Stack>
    );
  if (report.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="The report could not be loaded">
        {errorMessage(report.error)}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Section id="report-totals-title" title="Totals">
        <TotalsGrid totals={report.data.totals} method={report.data.method} />
      </Section>
      {children(report.data)}
    </Stack>
  );
}
