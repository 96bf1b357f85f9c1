import {
  Alert,
  Button,
  EmptyState,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { CAMPAIGN_STATUSES, type CampaignSortKey } from '@reach/contract/campaign-constants';
import { IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlParams } from '../../../lib/use-url-params';
import { type AdminCampaignsQuery, useAllCampaigns } from '../api/list-all-campaigns';
import { useBusinessOptions } from '../api/search-businesses';
import { useInterestSearch } from '../api/search-interests';
import { AdminCampaignCards, AdminCampaignTable } from '../components/admin-campaign-table';
import { STATUS_LABEL } from '../components/campaign-badges';
import { readListParams, writeListParams } from '../utils/list-params';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] })),
];

const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'end_date:asc', label: 'Ending soonest' },
  { value: 'total_budget:desc', label: 'Budget (highest)' },
  { value: 'status:asc', label: 'Status' },
];

/** /admin/campaigns: every campaign on the platform, filtered by title, business, interest and status. */
export default function AdminCampaignsRoute() {
  const [params, setParams] = useUrlParams();
  const list = readListParams(params);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [interestSearch, setInterestSearch] = useState('');
  const [debouncedInterest] = useDebouncedValue(interestSearch, 250);
  const interests = useInterestSearch(debouncedInterest);
  const [businessSearch, setBusinessSearch] = useState('');
  const [debouncedBusiness] = useDebouncedValue(businessSearch, 250);
  const businesses = useBusinessOptions(debouncedBusiness);

  const update = (change: Parameters<typeof writeListParams>[1]) =>
    setParams((current) => writeListParams(current, change));

  const { text: search, setText: setSearch } = useDebouncedSearch(list.search, (search) =>
    update({ search }),
  );

  const query: AdminCampaignsQuery = {
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    status: list.status ?? undefined,
    tag: list.tag ?? undefined,
    business: list.business ?? undefined,
    campaign: list.search || undefined,
  };
  const { data, error, isPending, isPlaceholderData } = useAllCampaigns(query);
  const filtered = !!(list.status || list.tag || list.business || list.search);

  // A chosen option stays listed (with its name) while the admin searches for another.
  const [tagName, setTagName] = useState<string | null>(null);
  const interestOptions = useMemo(() => {
    const options = new Map<string, string>();
    if (list.tag) options.set(String(list.tag), tagName ?? 'Selected interest');
    for (const interest of interests.data ?? []) options.set(String(interest.id), interest.name);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [interests.data, list.tag, tagName]);
  const [businessName, setBusinessName] = useState<string | null>(null);
  const businessOptions = useMemo(() => {
    const options = new Map<string, string>();
    if (list.business) options.set(String(list.business), businessName ?? 'Selected business');
    for (const option of businesses.data ?? []) options.set(option.value, option.label);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [businesses.data, list.business, businessName]);

  const sortBy = (key: CampaignSortKey) =>
    update({ sortBy: key, sortDesc: list.sortBy === key && list.sortDesc === 'asc' ? 'desc' : 'asc' });

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Every campaign on the platform, from every business. Open one to read it, pause it or archive it."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput
              label="Search campaigns"
              placeholder="Search by title"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select
              label="Business"
              placeholder="Any business"
              data={businessOptions}
              value={list.business ? String(list.business) : null}
              onChange={(value, option) => {
                setBusinessName(option?.label ?? null);
                update({ business: value ? Number(value) : null });
              }}
              searchable
              searchValue={businessSearch}
              onSearchChange={setBusinessSearch}
              filter={({ options }) => options}
              clearable
              nothingFoundMessage="No business matches that"
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Interest"
              placeholder="Any interest"
              data={interestOptions}
              value={list.tag ? String(list.tag) : null}
              onChange={(value, option) => {
                setTagName(option?.label ?? null);
                update({ tag: value ? Number(value) : null });
              }}
              searchable
              searchValue={interestSearch}
              onSearchChange={setInterestSearch}
              clearable
              nothingFoundMessage="No interest matches that"
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={list.status ?? ''}
              onChange={(value) => update({ status: (value || null) as typeof list.status })}
              allowDeselect={false}
            />
          </SimpleGrid>
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
            />
          )}

          {error && (
            <Alert color="red" variant="light" role="alert" title="We could not load the campaigns">
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
          {data && data.total === 0 && (
            <EmptyState
              icon={
                filtered ? <IconSearch size={28} aria-hidden /> : <IconSpeakerphone size={28} aria-hidden />
              }
              title={filtered ? 'No campaigns match' : 'No campaigns yet'}
              description={
                filtered
                  ? 'Try another search or filter.'
                  : 'Campaigns appear here as soon as a business creates one.'
              }
              py="xl"
            >
              {filtered && (
                <EmptyState.Actions>
                  <Button
                    variant="default"
                    onClick={() => {
                      setSearch('');
                      update({ status: null, search: '', tag: null, business: null });
                    }}
                  >
                    Clear filters
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}
          {data && data.total > 0 && (
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {isMobile ? (
                <AdminCampaignCards campaigns={data.data} />
              ) : (
                <AdminCampaignTable
                  campaigns={data.data}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={sortBy}
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
    </>
  );
}
