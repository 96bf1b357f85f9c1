import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUsd } from '@reach/contract/money';
import type { CampaignFunding, FUNDING_STATES } from '@reach/contract/payments';
import { IconCoin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, nextSort, type Paging, type Sort } from '../../../components/data-table';
import { FundCampaignModal, type FundTarget } from '../../../components/payments/fund-campaign-modal';
import { type FundingQuery, useFunding } from '../api/list-funding';
import { FilterSelect } from './filters';

type State = (typeof FUNDING_STATES)[number];
const STATES: { value: State; label: string }[] = [
  { value: 'needs_funding', label: 'Needs funding' },
  { value: 'funded', label: 'Funded' },
  { value: 'closed', label: 'Ended' },
];
const STATUS_COLOR: Record<string, string> = {
  draft: 'gray',
  active: 'teal',
  paused: 'yellow',
  completed: 'blue',
  archived: 'dark',
};

const columns = (onFund: (row: CampaignFunding) => void): Column<CampaignFunding>[] => [
  {
    key: 'campaign',
    label: 'Campaign',
    sortKey: 'name',
    render: (c) => (
      <Group gap={8} wrap="nowrap">
        <Anchor component={Link} to={`/business/campaigns/${c.campaign_id}`} fw={600} lineClamp={1}>
          {c.title || 'Untitled draft'}
        </Anchor>
        <Badge size="xs" variant="light" color={STATUS_COLOR[c.status] ?? 'gray'}>
          {c.status}
        </Badge>
      </Group>
    ),
  },
  {
    key: 'total',
    label: 'Total budget',
    sortKey: 'total_budget',
    align: 'right',
    render: (c) => (c.total_budget_cents === null ? '—' : formatUsd(c.total_budget_cents)),
  },
  { key: 'funded', label: 'Funded', align: 'right', render: (c) => formatUsd(c.funded_cents) },
  { key: 'spent', label: 'Paid out', align: 'right', render: (c) => formatUsd(c.spent_cents) },
  { key: 'refunded', label: 'Refunded', align: 'right', render: (c) => formatUsd(c.refunded_cents) },
  { key: 'available', label: 'Available', align: 'right', render: (c) => formatUsd(c.available_cents) },
  {
    key: 'action',
    label: 'To fund',
    sortKey: 'to_fund',
    align: 'right',
    render: (c) =>
      c.can_fund ? (
        <Button
          size="xs"
          leftSection={<IconCoin size={14} aria-hidden />}
          onClick={() => onFund(c)}
          aria-label={`Fund ${formatUsd(c.to_fund_cents)} for ${c.title ?? 'the campaign'}`}
        >
          Fund {formatUsd(c.to_fund_cents)}
        </Button>
      ) : c.to_fund_cents > 0 ? (
        formatUsd(c.to_fund_cents)
      ) : (
        '—'
      ),
  },
];

/** The business's cash and combination campaigns with their money, and "Fund" where a budget is missing. */
export function FundingPanel() {
  const [state, setState] = useState<State | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort>({ sortBy: 'name', sortDesc: 'asc' });
  const [paging, setPaging] = useState<Paging>({ page: 1, items: 10 });
  // The campaign being funded outlives the dialog's closing animation, so its text does not vanish while it fades.
  const [funding, setFunding] = useState<FundTarget | null>(null);
  const [fundOpened, setFundOpened] = useState(false);
  const query: FundingQuery = {
    ...paging,
    sortBy: sort.sortBy as FundingQuery['sortBy'],
    sortDesc: sort.sortDesc,
    ...(state ? { state } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const { data, error, isPending, isPlaceholderData } = useFunding(query);
  const filtered = !!state || !!debounced;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="funding-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="funding-title">
          Campaign funding
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <FilterSelect
            label="Funding"
            value={state}
            options={STATES}
            onChange={(v) => {
              setState(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <TextInput
            label="Search campaigns"
            placeholder="Search by title"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
        <DataTable
          label="campaign budgets"
          columns={columns((c) => {
            setFunding({
              id: c.campaign_id,
              title: c.title,
              total_budget_cents: c.total_budget_cents,
              to_fund_cents: c.to_fund_cents,
            });
            setFundOpened(true);
          })}
          rows={data?.data}
          rowKey={(c) => c.campaign_id}
          total={data?.total ?? 0}
          loading={isPending}
          error={error}
          dimmed={isPlaceholderData}
          sort={sort}
          onSort={(key) => setSort((s) => nextSort(s, key, 'asc'))}
          paging={paging}
          onPaging={setPaging}
          empty={
            <EmptyState
              icon={<IconCoin size={28} aria-hidden />}
              title={filtered ? 'No campaigns match' : 'No cash campaigns yet'}
              description={
                filtered
                  ? 'Try another filter or search.'
                  : 'Cash and combination campaigns show here with their budget: fund it by card before publishing.'
              }
              py="lg"
            />
          }
        />
      </Stack>
      <FundCampaignModal campaign={funding} opened={fundOpened} onClose={() => setFundOpened(false)} />
    </Paper>
  );
}
