import {
  Button,
  EmptyState,
  Grid,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { BUSINESS_SORT_KEYS, type BusinessSortKey } from '@reach/contract/directory';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { CARD_PAGE_SIZES } from '../../../lib/paging';
import { useInterests } from '../../../lib/reference';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useBusinesses } from '../api/list-businesses';
import { BusinessCard } from '../components/business-card';

const SORT_OPTIONS = [
  { value: 'business_name:asc', label: 'Name (A–Z)' },
  { value: 'business_name:desc', label: 'Name (Z–A)' },
  { value: 'active_campaigns:desc', label: 'Most active campaigns' },
  { value: 'rating:desc', label: 'Rating (highest)' },
  { value: 'city:asc', label: 'City (A–Z)' },
  { value: 'created_at:desc', label: 'Newest on REACH' },
];

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/** /influencer/businesses: businesses on REACH and the ones you are connected with; search, filters, sort, paging. */
export default function BusinessDirectoryRoute() {
  const [params, setParams] = useSearchParams();
  const connectedOnly = params.get('tab') === 'connected';
  const sortBy = (BUSINESS_SORT_KEYS as readonly string[]).includes(params.get('sortBy') ?? '')
    ? (params.get('sortBy') as BusinessSortKey)
    : 'business_name';
  const sortDesc = params.get('sortDesc') === 'desc' ? 'desc' : 'asc';
  const page = positive(params.get('page')) ?? 1;
  const items = (CARD_PAGE_SIZES as readonly number[]).includes(positive(params.get('items')) ?? 0)
    ? Number(params.get('items'))
    : CARD_PAGE_SIZES[0];
  const tag = positive(params.get('tag'));
  const interests = useInterests();

  const update = (change: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in change)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The three text boxes reach the URL (and the query) once typing pauses.
  const { text, setText } = useDebouncedSearch(
    {
      name: params.get('name') ?? '',
      campaign: params.get('campaign') ?? '',
      location: params.get('location') ?? '',
    },
    update,
  );

  const query = {
    sortBy,
    sortDesc,
    page,
    items,
    name: params.get('name') || undefined,
    campaign: params.get('campaign') || undefined,
    location: params.get('location') || undefined,
    tag: tag ?? undefined,
  } as const;
  const { data, isPending, isPlaceholderData } = useBusinesses(query, connectedOnly);
  const filtered = !!(query.name || query.campaign || query.location || query.tag);

  return (
    <>
      <PageHeader title="Businesses" description="Businesses on REACH and the ones you are connected with." />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mb="lg">
        <Stack gap="md">
          <Tabs
            value={connectedOnly ? 'connected' : 'all'}
            onChange={(value) => update({ tab: value === 'connected' ? 'connected' : null })}
          >
            <Tabs.List aria-label="Which businesses">
              <Tabs.Tab value="all">All businesses</Tabs.Tab>
              <Tabs.Tab value="connected">Connected</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <TextInput
                label="Business name"
                placeholder="Search by name"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={text.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setText((typed) => ({ ...typed, name }));
                }}
                type="search"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <TextInput
                label="Campaign"
                placeholder="Words in an active campaign"
                value={text.campaign}
                onChange={(event) => {
                  const campaign = event.currentTarget.value;
                  setText((typed) => ({ ...typed, campaign }));
                }}
                type="search"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
              <TextInput
                label="Location"
                placeholder="City, state or ZIP"
                value={text.location}
                onChange={(event) => {
                  const location = event.currentTarget.value;
                  setText((typed) => ({ ...typed, location }));
                }}
                type="search"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
              <Select
                label="Interest"
                placeholder="Any interest"
                data={(interests.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
                value={tag ? String(tag) : null}
                onChange={(value) => update({ tag: value })}
                searchable
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 2 }}>
              <Select
                label="Sort by"
                data={SORT_OPTIONS}
                value={
                  SORT_OPTIONS.find((o) => o.value === `${sortBy}:${sortDesc}`)?.value ?? 'business_name:asc'
                }
                onChange={(value) => {
                  const [key, direction] = (value ?? 'business_name:asc').split(':');
                  update({
                    sortBy: key === 'business_name' ? null : key!,
                    sortDesc: direction === 'desc' ? 'desc' : null,
                  });
                }}
                allowDeselect={false}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>
      {isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading businesses"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={180} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {data && data.total === 0 && (
        <EmptyState
          icon={<IconBuildingStore size={28} aria-hidden />}
          title={connectedOnly && !filtered ? 'No connected businesses yet' : 'No businesses found'}
          description={
            connectedOnly && !filtered
              ? 'Apply to a campaign or accept an invitation, and the business shows up here.'
              : 'Try another search or fewer filters.'
          }
          py="xl"
        >
          {filtered && (
            <EmptyState.Actions>
              <Button
                variant="default"
                onClick={() => {
                  setText({ name: '', campaign: '', location: '' });
                  update({ name: null, campaign: null, location: null, tag: null });
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
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {data.data.map((business) => (
              <BusinessCard key={business.id} business={business} />
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            items={items}
            total={data.total}
            onPage={(next) => update({ page: next === 1 ? null : next })}
            onItems={(next) => update({ items: next === CARD_PAGE_SIZES[0] ? null : next })}
            noun="Businesses"
            sizes={CARD_PAGE_SIZES}
          />
        </div>
      )}
    </>
  );
}
