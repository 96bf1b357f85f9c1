import {
  Alert,
  Button,
  EmptyState,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import type { CampaignSortKey } from '@reach/contract/campaigns';
import { IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { type ActiveFilter, ResponsiveFilters } from '../../../components/responsive-filters';
import { errorMessage } from '../../../lib/api-error';
import { CARD_PAGE_SIZES } from '../../../lib/paging';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useBrowseBusinesses } from '../api/browse-businesses';
import { type BrowseCampaignsQuery, useBrowseCampaigns } from '../api/browse-campaigns';
import { useInterestSearch } from '../api/search-interests';
import { BrowseCard } from '../components/browse-card';
import { InterestFilter } from '../components/interest-filter';
import { readListParams, writeListParams } from '../utils/list-params';

const LIST_OPTIONS = { sizes: CARD_PAGE_SIZES };

const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Title (A–Z)' },
  { value: 'end_date:asc', label: 'Ending soonest' },
  { value: 'start_date:asc', label: 'Starting soonest' },
  { value: 'created_at:desc', label: 'Newest' },
];

/** /influencer/campaigns: active campaigns as cards, with search, interest and business filters, paging. */
export default function InfluencerCampaignsRoute() {
  const [params, setParams] = useSearchParams();
  const list = readListParams(params, LIST_OPTIONS);
  const businesses = useBrowseBusinesses();

  const update = (change: Parameters<typeof writeListParams>[1]) =>
    setParams((current) => writeListParams(current, change, LIST_OPTIONS), { replace: true });

  const { text: search, setText: setSearch } = useDebouncedSearch(list.search, (search) =>
    update({ search }),
  );

  const query: BrowseCampaignsQuery = {
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    tag: list.tag ?? undefined,
    business: list.business ?? undefined,
    search: list.search || undefined,
    myCampaigns: list.myCampaigns || undefined,
  };
  const { data, error, isPending, isPlaceholderData } = useBrowseCampaigns(query);
  const filtered = !!(list.tag || list.business || list.search || list.myCampaigns);
  const [tagName, setTagName] = useState<string | null>(null);
  const everyInterest = useInterestSearch('');

  const businessOptions = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  if (list.business && !businessOptions.some((o) => o.value === String(list.business)))
    businessOptions.push({ value: String(list.business), label: 'Selected business' });

  const active: ActiveFilter[] = [];
  if (list.myCampaigns)
    active.push({ key: 'mine', label: 'My campaigns', onRemove: () => update({ myCampaigns: false }) });
  if (list.search)
    active.push({
      key: 'search',
      label: `“${list.search}”`,
      onRemove: () => {
        setSearch('');
        update({ search: '' });
      },
    });
  if (list.tag)
    active.push({
      key: 'tag',
      label: tagName ?? everyInterest.data?.find((interest) => interest.id === list.tag)?.name ?? 'Interest',
      onRemove: () => update({ tag: null }),
    });
  if (list.business)
    active.push({
      key: 'business',
      label: businessOptions.find((o) => o.value === String(list.business))?.label ?? 'Business',
      onRemove: () => update({ business: null }),
    });

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Browse campaigns from businesses and find the ones that fit you."
      />
      <Stack gap="lg">
        <ResponsiveFilters active={active}>
          <SegmentedControl
            aria-label="Which campaigns"
            data={[
              { value: 'all', label: 'All campaigns' },
              { value: 'mine', label: 'My campaigns' },
            ]}
            value={list.myCampaigns ? 'mine' : 'all'}
            onChange={(value) => update({ myCampaigns: value === 'mine' })}
            style={{ alignSelf: 'flex-start' }}
          />
          <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <TextInput
                label="Search campaigns"
                placeholder="Search by title"
                type="search"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <InterestFilter
                value={list.tag}
                onChange={(tag, name) => {
                  setTagName(name);
                  update({ tag });
                }}
              />
              <Select
                label="Business"
                placeholder="Any business"
                data={businessOptions}
                value={list.business ? String(list.business) : null}
                onChange={(value) => update({ business: value ? Number(value) : null })}
                searchable
                clearable
                nothingFoundMessage="No business matches that"
                comboboxProps={{ withinPortal: true }}
              />
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
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </Paper>
        </ResponsiveFilters>

        {error && (
          <Alert color="red" variant="light" role="alert" title="We could not load campaigns">
            {errorMessage(error)}
          </Alert>
        )}
        {isPending && !error && (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            aria-busy="true"
            aria-label="Loading campaigns"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={320} radius="lg" />
            ))}
          </SimpleGrid>
        )}
        {data && data.total === 0 && (
          <Paper withBorder p="xl">
            <EmptyState
              icon={<IconSpeakerphone size={28} aria-hidden />}
              title={filtered ? 'No campaigns match' : 'No campaigns right now'}
              description={
                filtered
                  ? list.myCampaigns
                    ? 'You have no conversation about a campaign that matches. Show all campaigns to find one.'
                    : 'Try another interest or business, or clear the search.'
                  : 'Businesses publish new campaigns all the time. Check back soon.'
              }
            >
              {filtered && (
                <EmptyState.Actions>
                  <Button
                    variant="default"
                    onClick={() => {
                      setSearch('');
                      update({ tag: null, business: null, search: '', myCampaigns: false });
                    }}
                  >
                    Clear filters
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          </Paper>
        )}
        {data && data.total > 0 && (
          <div
            data-testid="list-results"
            style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {data.data.map((campaign) => (
                <BrowseCard
                  key={campaign.id}
                  campaign={campaign}
                  onBusiness={(business) => update({ business })}
                />
              ))}
            </SimpleGrid>
            <ListPager
              page={list.page}
              items={list.items}
              sizes={CARD_PAGE_SIZES}
              total={data.total}
              onPage={(page) => update({ page })}
              onItems={(items) => update({ items })}
            />
          </div>
        )}
      </Stack>
    </>
  );
}
