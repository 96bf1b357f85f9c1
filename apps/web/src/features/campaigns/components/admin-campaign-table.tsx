import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CampaignSortKey, CampaignSummary } from '@reach/contract/campaigns';
import { Link } from 'react-router';
import { SortableTh, type SortState } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import { formatDay } from '../utils/dates';
import { formatMoney } from '../utils/money';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';

const titleOf = (c: CampaignSummary) => c.title || 'Untitled draft';
const link = (c: CampaignSummary) => `/admin/campaigns/${c.id}`;

/** Every business's campaigns for admins: title, business, status, dates, budget (desktop table). */
export function AdminCampaignTable({
  campaigns,
  sort,
  onSort,
}: {
  campaigns: CampaignSummary[];
  sort: SortState<CampaignSortKey>;
  onSort: (key: CampaignSortKey) => void;
}) {
  const th = (key: CampaignSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh sortKey={key} sort={sort} onSort={onSort} align={align}>
      {label}
    </SortableTh>
  );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Campaigns">
        <Table.Thead>
          <Table.Tr>
            {th('name', 'Campaign')}
            <Table.Th>Business</Table.Th>
            {th('status', 'Status')}
            {th('start_date', 'Start')}
            {th('end_date', 'End')}
            {th('total_budget', 'Budget', 'right')}
            {th('created_at', 'Created')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td maw={320}>
                <Stack gap={4}>
                  <Anchor component={Link} to={link(c)} fw={600} lineClamp={1}>
                    {titleOf(c)}
                  </Anchor>
                  <Group gap={6}>
                    <CampaignTypeBadge typeId={c.type_id} name={c.type_name} size="xs" />
                    {c.interests.slice(0, 2).map((interest) => (
                      <Text key={interest.id} size="xs" c="dimmed">
                        #{interest.name}
                      </Text>
                    ))}
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td maw={180}>
                <Text size="sm" lineClamp={2}>
                  {c.business_name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td miw={116}>
                <CampaignStatusBadge status={c.status} style={{ overflow: 'visible' }} />
              </Table.Td>
              <Table.Td>{formatDay(c.start_date) || '—'}</Table.Td>
              <Table.Td>{formatDay(c.end_date) || '—'}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(c.total_budget_cents)}
              </Table.Td>
              <Table.Td>{formatDate(c.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same list as cards for narrow screens. */
export function AdminCampaignCards({ campaigns }: { campaigns: CampaignSummary[] }) {
  return (
    <Stack gap="sm">
      {campaigns.map((c) => (
        <Paper key={c.id} withBorder p="md" radius="md">
          <Stack gap={8}>
            <Anchor component={Link} to={link(c)} fw={600} lineClamp={2}>
              {titleOf(c)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {c.business_name ?? 'Unnamed business'}
            </Text>
            <Group gap={6}>
              <CampaignStatusBadge status={c.status} size="sm" />
              <CampaignTypeBadge typeId={c.type_id} name={c.type_name} size="sm" />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {c.start_date || c.end_date
                  ? `${formatDay(c.start_date) || '—'} – ${formatDay(c.end_date) || '—'}`
                  : 'Dates not set'}
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(c.total_budget_cents)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
