import { Anchor, EmptyState, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUsd } from '@reach/contract/money';
import type { BalanceEntry, CampaignEarnings, Payout } from '@reach/contract/payments';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBuildingBank,
  IconCoins,
  IconHistory,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, nextSort, type Paging, type Sort } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { type BalanceHistoryQuery, useBalanceHistory } from '../api/list-balance-history';
import { type EarningsQuery, useEarnings } from '../api/list-earnings';
import { type PayoutsQuery, usePayouts } from '../api/list-payouts';
import { DateRangeFilter, type DayRange, FilterSelect } from './filters';
import { PaymentStatusBadge } from './status-badge';

function useList(initial: Sort) {
  const [sort, setSort] = useState<Sort>(initial);
  const [paging, setPaging] = useState<Paging>({ page: 1, items: 10 });
  const [range, setRange] = useState<DayRange>([null, null]);
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  return {
    sort,
    paging,
    range,
    setPaging,
    first,
    onSort: (key: string) => {
      setSort((s) => nextSort(s, key));
      first();
    },
    setRange: (r: DayRange) => {
      setRange(r);
      first();
    },
    dates: { ...(range[0] ? { from: range[0] } : {}), ...(range[1] ? { to: range[1] } : {}) },
  };
}

const KIND_LABEL: Record<BalanceEntry['kind'], string> = {
  earning: 'Payment for a post',
  payout: 'Withdrawal',
  payout_reversal: 'Withdrawal returned',
};

const HISTORY_COLUMNS: Column<BalanceEntry>[] = [
  { key: 'date', label: 'Date', sortKey: 'created_at', render: (e) => formatDate(e.created_at), width: 120 },
  {
    key: 'what',
    label: 'Description',
    render: (e) => (
      <Group gap={8} wrap="nowrap">
        {e.amount_cents >= 0 ? (
          <IconArrowDownLeft size={18} color="var(--mantine-color-teal-7)" aria-hidden />
        ) : (
          <IconArrowUpRight size={18} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {KIND_LABEL[e.kind]}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {e.description}
          </Text>
        </Stack>
      </Group>
    ),
  },
  {
    key: 'campaign',
    label: 'Campaign',
    render: (e) =>
      e.campaign ? (
        <Stack gap={0}>
          <Anchor component={Link} to={`/influencer/campaigns/${e.campaign.id}`} size="sm" lineClamp={1}>
            {e.campaign.title || 'Campaign'}
          </Anchor>
          {e.campaign.business_name && (
            <Text size="xs" c="dimmed">
              {e.campaign.business_name}
            </Text>
          )}
        </Stack>
      ) : (
        '—'
      ),
  },
  {
    key: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (e) => (
      <Text span fw={600} c={e.amount_cents >= 0 ? 'teal.8' : undefined}>
        {e.amount_cents >= 0 ? '+' : '−'}
        {formatUsd(Math.abs(e.amount_cents))}
      </Text>
    ),
  },
];

/** Money in and out of the balance: payments for approved posts, withdrawals, returned withdrawals. */
export function BalanceHistoryPanel() {
  const list = useList({ sortBy: 'created_at', sortDesc: 'desc' });
  const [kind, setKind] = useState<BalanceEntry['kind'] | null>(null);
  const query = {
    sortBy: list.sort.sortBy,
    sortDesc: list.sort.sortDesc,
    ...list.paging,
    ...list.dates,
    ...(kind ? { kind } : {}),
  } as BalanceHistoryQuery;
  const { data, error, isPending, isPlaceholderData } = useBalanceHistory(query);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Type"
          value={kind}
          options={[
            { value: 'earning', label: 'Payments for posts' },
            { value: 'payout', label: 'Withdrawals' },
            { value: 'payout_reversal', label: 'Returned withdrawals' },
          ]}
          onChange={(v) => {
            setKind(v);
            list.first();
          }}
        />
        <DateRangeFilter value={list.range} onChange={list.setRange} />
      </Group>
      <DataTable
        label="balance history"
        columns={HISTORY_COLUMNS}
        titleColumn="what"
        rows={data?.data}
        rowKey={(e) => e.id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconHistory size={28} aria-hidden />}
            title="Nothing here yet"
            description="When a business approves one of your posts, its payment lands in your balance and shows here."
            py="lg"
          />
        }
      />
    </Stack>
  );
}

const EARNING_COLUMNS: Column<CampaignEarnings>[] = [
  {
    key: 'campaign',
    label: 'Campaign',
    sortKey: 'name',
    render: (e) => (
      <Anchor component={Link} to={`/influencer/campaigns/${e.campaign_id}`} fw={600} lineClamp={1}>
        {e.title || 'Campaign'}
      </Anchor>
    ),
  },
  { key: 'business', label: 'Business', render: (e) => e.business_name ?? '—' },
  { key: 'posts', label: 'Paid posts', align: 'right', render: (e) => e.payments },
  {
    key: 'earned',
    label: 'Earned',
    sortKey: 'earned',
    align: 'right',
    render: (e) => <strong>{formatUsd(e.earned_cents)}</strong>,
  },
  {
    key: 'last',
    label: 'Last paid',
    sortKey: 'last_paid_at',
    align: 'right',
    render: (e) => formatDate(e.last_paid_at),
  },
];

/** What each campaign paid the influencer. */
export function EarningsPanel() {
  const list = useList({ sortBy: 'last_paid_at', sortDesc: 'desc' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = {
    sortBy: list.sort.sortBy,
    sortDesc: list.sort.sortDesc,
    ...list.paging,
    ...(debounced ? { search: debounced } : {}),
  } as EarningsQuery;
  const { data, error, isPending, isPlaceholderData } = useEarnings(query);
  return (
    <Stack gap="md">
      <TextInput
        label="Search campaigns"
        placeholder="Search by title"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          list.first();
        }}
        w={{ base: '100%', sm: 280 }}
      />
      <DataTable
        label="earnings"
        columns={EARNING_COLUMNS}
        rows={data?.data}
        rowKey={(e) => e.campaign_id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconCoins size={28} aria-hidden />}
            title={debounced ? 'No campaigns match' : 'No earnings yet'}
            description={debounced ? 'Try another search.' : 'Campaigns that paid you for posts show here.'}
            py="lg"
          />
        }
      />
    </Stack>
  );
}

const PAYOUT_COLUMNS: Column<Payout>[] = [
  { key: 'date', label: 'Date', sortKey: 'created_at', render: (p) => formatDate(p.created_at), width: 120 },
  { key: 'destination', label: 'To', render: (p) => p.destination },
  {
    key: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (p) => formatUsd(p.amount_cents),
  },
  {
    key: 'status',
    label: 'Status',
    render: (p) => <PaymentStatusBadge status={p.status} reason={p.failure_message} />,
  },
];

/** The influencer's withdrawals to the bank. */
export function PayoutsPanel() {
  const list = useList({ sortBy: 'created_at', sortDesc: 'desc' });
  const [status, setStatus] = useState<Payout['status'] | null>(null);
  const query = {
    sortBy: list.sort.sortBy,
    sortDesc: list.sort.sortDesc,
    ...list.paging,
    ...list.dates,
    ...(status ? { status } : {}),
  } as PayoutsQuery;
  const { data, error, isPending, isPlaceholderData } = usePayouts(query);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Status"
          value={status}
          options={[
            { value: 'paid', label: 'Paid' },
            { value: 'pending', label: 'Processing' },
            { value: 'failed', label: 'Failed' },
          ]}
          onChange={(v) => {
            setStatus(v);
            list.first();
          }}
        />
        <DateRangeFilter value={list.range} onChange={list.setRange} />
      </Group>
      <DataTable
        label="withdrawals"
        columns={PAYOUT_COLUMNS}
        rows={data?.data}
        rowKey={(p) => p.id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconBuildingBank size={28} aria-hidden />}
            title="No withdrawals yet"
            description="Withdraw your balance to your bank account; each withdrawal shows here."
            py="lg"
          />
        }
      />
    </Stack>
  );
}
