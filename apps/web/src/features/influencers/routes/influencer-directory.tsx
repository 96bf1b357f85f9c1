import {
  Alert,
  Button,
  Collapse,
  EmptyState,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { GENDER_LABELS, GENDERS, PLATFORM_LABELS, PLATFORMS } from '@reach/contract/constants';
import {
  AGE_RANGES,
  type InfluencerListItem,
  type InfluencerSortKey,
  RADIUS_OPTIONS,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
} from '@reach/contract/directory';
import { IconAdjustmentsHorizontal, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';
import { CARD_PAGE_SIZES } from '../../../lib/paging';
import { useCampaignOptions, useInterests } from '../../../lib/reference';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useStates } from '../api/get-filter-options';
import { useInfluencers } from '../api/list-influencers';
import { InfluencerCard } from '../components/influencer-card';
import { InviteModal } from '../components/invite-modal';
import {
  type DirectoryParams,
  directoryQuery,
  locationProblem,
  readDirectoryParams,
  writeDirectoryParams,
} from '../utils/directory-params';

const SORT_OPTIONS: { value: `${InfluencerSortKey}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'first_name:asc', label: 'First name (A–Z)' },
  { value: 'first_name:desc', label: 'First name (Z–A)' },
  { value: 'last_name:asc', label: 'Last name (A–Z)' },
  { value: 'rating:desc', label: 'Rating (highest)' },
  { value: 'age:asc', label: 'Age (youngest)' },
  { value: 'age:desc', label: 'Age (oldest)' },
  { value: 'city:asc', label: 'City (A–Z)' },
  { value: 'created_at:desc', label: 'Newest on REACH' },
  { value: 'distance:asc', label: 'Distance (nearest)' },
];

/** /business/influencers: the directory of influencers on REACH, with every filter, a ZIP radius search, sorting and paging. */
export default function InfluencerDirectoryRoute() {
  const [params, setParams] = useSearchParams();
  const p = readDirectoryParams(params);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const [zipcode, setZipcode] = useState(p.zipcode);
  const [inviting, setInviting] = useState<InfluencerListItem | null>(null);
  const update = (change: Partial<DirectoryParams>) =>
    setParams((current) => writeDirectoryParams(current, change), { replace: true });

  const { text: name, setText: setName } = useDebouncedSearch(p.name, (name) => update({ name }));

  const states = useStates();
  const interests = useInterests();
  const campaigns = useCampaignOptions();
  const { data, error, isPending, isPlaceholderData } = useInfluencers(directoryQuery(p));
  const location = locationProblem(p);
  const located = !location.zipcode && !location.radius && !!p.zipcode;
  const filtered = [
    p.name,
    p.tag,
    p.state,
    p.gender,
    p.platform,
    p.age,
    p.rating,
    p.relationship,
    p.campaignId,
    p.zipcode,
    p.radius,
  ].some((v) => v !== null && v !== '');
  const clear = () => {
    setName('');
    setZipcode('');
    update({
      name: '',
      tag: null,
      state: null,
      gender: null,
      platform: null,
      age: null,
      rating: null,
      relationship: null,
      campaignId: null,
      zipcode: '',
      radius: null,
    });
  };
  const sortValue = `${p.sortBy}:${p.sortDesc}`;
  const selectWidth = isMobile ? '100%' : undefined;

  const filters = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label="Interest"
        placeholder="Any interest"
        data={(interests.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
        value={p.tag ? String(p.tag) : null}
        onChange={(v) => update({ tag: v ? Number(v) : null })}
        searchable
        clearable
        w={selectWidth}
      />
      <Select
        label="State"
        placeholder="Any state"
        data={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={p.state ? String(p.state) : null}
        onChange={(v) => update({ state: v ? Number(v) : null })}
        searchable
        clearable
      />
      <Select
        label="Gender"
        placeholder="Any gender"
        data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        value={p.gender}
        onChange={(v) => update({ gender: (v as DirectoryParams['gender']) ?? null })}
        clearable
      />
      <Select
        label="Age"
        placeholder="Any age"
        data={AGE_RANGES.map((a) => ({ value: a, label: a }))}
        value={p.age}
        onChange={(v) => update({ age: v })}
        clearable
      />
      <Select
        label="Platform"
        placeholder="Any platform"
        data={PLATFORMS.map((pl) => ({ value: pl, label: PLATFORM_LABELS[pl] }))}
        value={p.platform}
        onChange={(v) => update({ platform: (v as DirectoryParams['platform']) ?? null })}
        clearable
      />
      <Select
        label="Rating"
        placeholder="Any rating"
        data={[4.5, 4, 3, 2, 1].map((r) => ({ value: String(r), label: `${r}+ stars` }))}
        value={p.rating ? String(p.rating) : null}
        onChange={(v) => update({ rating: v ? Number(v) : null })}
        clearable
      />
      <Select
        label="Relationship"
        placeholder="Anyone"
        data={RELATIONSHIPS.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] }))}
        value={p.relationship}
        onChange={(v) => update({ relationship: (v as DirectoryParams['relationship']) ?? null })}
        clearable
      />
      <Select
        label="Campaign"
        placeholder="Any campaign"
        data={(campaigns.data ?? []).map((c) => ({
          value: String(c.id),
          label: c.title ?? 'Untitled campaign',
        }))}
        value={p.campaignId ? String(p.campaignId) : null}
        onChange={(v) => update({ campaignId: v ? Number(v) : null })}
        searchable
        clearable
      />
      <TextInput
        label="ZIP code"
        placeholder="e.g. 78701"
        inputMode="numeric"
        maxLength={5}
        value={zipcode}
        onChange={(event) => setZipcode(event.currentTarget.value.replace(/\D/g, ''))}
        onBlur={() => zipcode !== p.zipcode && update({ zipcode })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') update({ zipcode });
        }}
        error={location.zipcode}
      />
      <Select
        label="Radius"
        placeholder="Miles around"
        data={RADIUS_OPTIONS.map((r) => ({ value: String(r), label: `${r} miles` }))}
        value={p.radius ? String(p.radius) : null}
        onChange={(v) => update({ radius: v ? Number(v) : null, zipcode })}
        clearable
        error={location.radius}
      />
    </SimpleGrid>
  );

  return (
    <>
      <PageHeader
        title="Influencers"
        description="Find influencers on REACH by interest, location, audience and rating, see your history with them and invite them to your campaigns."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mb="lg">
        <Stack gap="sm">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
              <TextInput
                label="Search influencers"
                placeholder="Name or @username"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                type="search"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Select
                label="Sort by"
                data={SORT_OPTIONS.map((o) => ({
                  ...o,
                  disabled: o.value.startsWith('distance') && !located,
                }))}
                value={SORT_OPTIONS.some((o) => o.value === sortValue) ? sortValue : 'first_name:asc'}
                onChange={(value) => {
                  const [key, direction] = (value ?? 'first_name:asc').split(':');
                  update({
                    sortBy: key as InfluencerSortKey,
                    sortDesc: direction === 'desc' ? 'desc' : 'asc',
                  });
                }}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Group gap="xs" justify={isMobile ? 'space-between' : 'flex-end'}>
                {isMobile && (
                  <Button
                    variant="default"
                    leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                    onClick={toggleFilters}
                    aria-expanded={filtersOpen}
                  >
                    Filters
                  </Button>
                )}
                {filtered && (
                  <Button variant="subtle" onClick={clear}>
                    Clear filters
                  </Button>
                )}
              </Group>
            </Grid.Col>
          </Grid>
          {isMobile ? <Collapse expanded={filtersOpen}>{filters}</Collapse> : filters}
        </Stack>
      </Paper>

      {error && (
        <Alert color="red" variant="light" role="alert" title="We could not load influencers" mb="lg">
          {errorMessage(error)}
        </Alert>
      )}
      {isPending && !error && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading influencers"
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} h={230} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {data && data.total === 0 && (
        <EmptyState
          icon={<IconUserSearch size={28} aria-hidden />}
          title="No influencers match"
          description={
            located ? 'Try a wider radius or fewer filters.' : 'Try fewer filters or another search.'
          }
          py="xl"
        >
          {filtered && (
            <EmptyState.Actions>
              <Button variant="default" onClick={clear}>
                Clear filters
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      )}
      {data && data.total > 0 && (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {located && (
            <Text size="sm" c="dimmed" mb="sm">
              Within {p.radius} miles of {p.zipcode}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {data.data.map((influencer) => (
              <InfluencerCard key={influencer.id} influencer={influencer} onInvite={setInviting} />
            ))}
          </SimpleGrid>
          <ListPager
            page={p.page}
            items={p.items}
            total={data.total}
            onPage={(page) => update({ page })}
            onItems={(items) => update({ items })}
            noun="Influencers"
            sizes={CARD_PAGE_SIZES}
          />
        </div>
      )}
      <InviteModal influencer={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
