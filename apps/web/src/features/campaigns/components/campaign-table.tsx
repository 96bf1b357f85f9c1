import { Anchor, Group, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CampaignSortKey, CampaignSummary } from '@reach/contract/campaigns';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActionTarget, CampaignActionKey } from '../hooks/use-campaign-actions';
import { daysLeftLabel, formatDay } from '../utils/dates';
import type { SortDirection } from '../utils/list-params';
import { formatMoney } from '../utils/money';
import { CampaignActionsMenu } from './campaign-actions';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';

type Sort = { sortBy: CampaignSortKey; sortDesc: SortDirection };

type Props = {
  campaigns: CampaignSummary[];
  sort: Sort;
  onSort: (sortBy: CampaignSortKey) => void;
  onAction: (action: CampaignActionKey, target: ActionTarget) => void;
};

const titleOf = (c: CampaignSummary) => c.title || 'Untitled draft';
/** Days left only mean something while a campaign can still run. */
const showsDaysLeft = (c: CampaignSummary) => c.status === 'active' || c.status === 'paused';

/** The business's campaigns as a table with sortable headers (desktop). */
export function CampaignTable({ campaigns, sort, onSort, onAction }: Props) {
  const header = (key: CampaignSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh key={key} sortKey={key} sort={sort} onSort={onSort} align={align}>
      {label}
    </SortableTh>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('name', 'Campaign')}
            {header('status', 'Status')}
            {header('start_date', 'Start')}
            {header('end_date', 'End')}
            <Table.Th>Days left</Table.Th>
            {header('total_budget', 'Budget', 'right')}
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td maw={340}>
                <Stack gap={4}>
                  <Anchor component={Link} to={`/business/campaigns/${c.id}`} fw={600} lineClamp={1}>
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
              <Table.Td>
                <CampaignStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{formatDay(c.start_date) || '—'}</Table.Td>
              <Table.Td>{formatDay(c.end_date) || '—'}</Table.Td>
              <Table.Td>{showsDaysLeft(c) && c.end_date ? daysLeftLabel(c.end_date) : '—'}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(c.total_budget_cents)}
              </Table.Td>
              <Table.Td>
                <CampaignActionsMenu
                  target={{ id: c.id, title: c.title, status: c.status }}
                  onAction={onAction}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableTh({
  sortKey,
  sort,
  onSort,
  align,
  children,
}: {
  sortKey: CampaignSortKey;
  sort: Sort;
  onSort: (key: CampaignSortKey) => void;
  align: 'left' | 'right';
  children: ReactNode;
}) {
  const active = sort.sortBy === sortKey || (sortKey === 'name' && sort.sortBy === 'title');
  const SortIcon = !active
    ? IconArrowsSort
    : sort.sortDesc === 'desc'
      ? IconSortDescending
      : IconSortAscending;
  return (
    <Table.Th
      aria-sort={active ? (sort.sortDesc === 'desc' ? 'descending' : 'ascending') : 'none'}
      ta={align}
    >
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700, fontSize: 'inherit' }}
      >
        {children}
        <SortIcon
          size={15}
          aria-hidden
          color={active ? 'var(--mantine-color-reach-6)' : 'var(--mantine-color-gray-5)'}
        />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The same list as stacked cards for narrow screens (a 7-column table does not fit 375 px). */
export function CampaignCards({ campaigns, onAction }: Omit<Props, 'sort' | 'onSort'>) {
  return (
    <Stack gap="sm">
      {campaigns.map((c) => (
        <Paper key={c.id} withBorder p="md" radius="md">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Anchor
                component={Link}
                to={`/business/campaigns/${c.id}`}
                fw={600}
                lineClamp={2}
                style={{ minWidth: 0 }}
              >
                {titleOf(c)}
              </Anchor>
              <CampaignActionsMenu
                target={{ id: c.id, title: c.title, status: c.status }}
                onAction={onAction}
              />
            </Group>
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
              {showsDaysLeft(c) && c.end_date && (
                <Text size="sm" fw={500}>
                  {daysLeftLabel(c.end_date)}
                </Text>
              )}
            </Group>
            <Text size="sm">
              Budget:{' '}
              <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(c.total_budget_cents)}
              </Text>
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
