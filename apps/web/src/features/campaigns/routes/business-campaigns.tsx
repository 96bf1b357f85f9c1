import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CAMPAIGN_STATUSES,
  type CampaignSortKey,
  type CampaignStatus,
} from '@reach/contract/campaign-constants';
import { IconPlus, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import {
  type BusinessCampaignsQuery,
  businessCampaignsQueryOptions,
  useBusinessCampaigns,
} from '../api/list-business-campaigns';
import { STATUS_LABEL } from '../components/campaign-badges';
import { CampaignCards, CampaignTable } from '../components/campaign-table';
import { InterestFilter } from '../components/interest-filter';
import { useCampaignActions } from '../hooks/use-campaign-actions';
import { type CampaignListParams, readListParams, writeListParams } from '../utils/list-params';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] })),
];

/** The status filter's value: 'all' (or nothing) means no filter. */
const toStatus = (value: string | null): CampaignStatus | null =>
  CAMPAIGN_STATUSES.find((status) => status === value) ?? null;

const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'start_date:asc', label: 'Start date (earliest)' },
  { value: 'start_date:desc', label: 'Start date (latest)' },
  { value: 'end_date:asc', label: 'End date (earliest)' },
  { value: 'end_date:desc', label: 'End date (latest)' },
  { value: 'status:asc', label: 'Status' },
  { value: 'total_budget:desc', label: 'Budget (highest)' },
  { value: 'total_budget:asc', label: 'Budget (lowest)' },
  { value: 'created_at:desc', label: 'Newest first' },
];

/** What the list asks GET /campaigns/business for. */
const queryOf = (list: CampaignListParams): BusinessCampaignsQuery => ({
  sortBy: list.sortBy,
  sortDesc: list.sortDesc,
  items: list.items,
  page: list.page,
  status: list.status ?? undefined,
  search: list.search || undefined,
  tag: list.tag ?? undefined,
});

/** The list, requested as the route loads (app/router.tsx `page`), beside the session's user. */
export function prefetch(client: QueryClient, url: URL) {
  void client.prefetchQuery(businessCampaignsQueryOptions(queryOf(readListParams(url.searchParams))));
}

/** /business/campaigns: the business's campaigns with status filter, search, sort, paging and row actions. */
export default function BusinessCampaignsRoute() {
  const [params, setParams] = useSearchParams();
  const list = readListParams(params);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const { run, modal } = useCampaignActions();

  const update = (change: Parameters<typeof writeListParams>[1]) =>
    setParams((current) => writeListParams(current, change), { replace: true });

  // The typed search reaches the URL (and the query) once typing pauses.
  const { text: search, setText: setSearch } = useDebouncedSearch(list.search, (search) =>
    update({ search }),
  );

  const { data, error, isPending, isPlaceholderData } = useBusinessCampaigns(queryOf(list));
  const filtered = !!list.status || !!list.search || !!list.tag;

  const sortBy = (key: CampaignSortKey) =>
    update({
      sortBy: key,
      sortDesc: list.sortBy === key && list.sortDesc === 'asc' ? 'desc' : 'asc',
    });

  const createButton = (
    <Button component={Link} to="/business/campaigns/new" leftSection={<IconPlus size={18} aria-hidden />}>
      Create campaign
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Create and run your campaigns: a product for a post, cash for a post, or a combination of both."
        actions={createButton}
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            {isMobile ? (
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={list.status ?? 'all'}
                onChange={(value) => update({ status: toStatus(value) })}
                allowDeselect={false}
                w="100%"
              />
            ) : (
              <SegmentedControl
                aria-label="Filter by status"
                data={STATUS_OPTIONS}
                value={list.status ?? 'all'}
                onChange={(value) => update({ status: toStatus(value) })}
              />
            )}
            <TextInput
              label="Search campaigns"
              placeholder="Search by title"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={isMobile ? '100%' : 240}
              type="search"
            />
            <InterestFilter
              value={list.tag}
              onChange={(tag) => update({ tag })}
              w={isMobile ? '100%' : 220}
            />
            {isMobile && (
              <Select
                label="Sort by"
                data={SORT_OPTIONS}
                value={
                  SORT_OPTIONS.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ?? 'name:asc'
                }
                onChange={(value) => {
                  const [key, direction] = (value ?? 'name:asc').split(':');
                  update({ sortBy: key as CampaignSortKey, sortDesc: direction === 'desc' ? 'desc' : 'asc' });
                }}
                allowDeselect={false}
                w="100%"
              />
            )}
          </Group>

          {error && (
            <Alert color="red" variant="light" role="alert" title="We could not load your campaigns">
              {errorMessage(error)}
            </Alert>
          )}
          {isPending && !error && (
            <Stack gap="xs" aria-busy="true" aria-label="Loading campaigns">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={48} />
              ))}
            </Stack>
          )}
          {data && data.total === 0 && !filtered && (
            <EmptyState
              icon={<IconSpeakerphone size={28} aria-hidden />}
              title="No campaigns yet"
              description="Create your first campaign: offer a product, cash, or both for a post, and invite influencers to take part."
              py="xl"
            >
              <EmptyState.Actions>{createButton}</EmptyState.Actions>
            </EmptyState>
          )}
          {data && data.total === 0 && filtered && (
            <EmptyState
              icon={<IconSearch size={28} aria-hidden />}
              title="No campaigns match"
              description="Try another status, interest or search."
              py="xl"
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setSearch('');
                    update({ status: null, search: '', tag: null });
                  }}
                >
                  Clear filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )}
          {data && data.total > 0 && (
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {isMobile ? (
                <CampaignCards campaigns={data.data} onAction={run} />
              ) : (
                <CampaignTable
                  campaigns={data.data}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={sortBy}
                  onAction={run}
                />
              )}
              <ListPager
                page={list.page}
                items={list.items}
                total={data.total}
                onPage={(page) => update({ page })}
                onItems={(items) => update({ items })}
              />
            </div>
          )}
        </Stack>
      </Paper>
      {modal}
    </>
  );
}
