import {
  Box,
  Button,
  Drawer,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { DISCOVERY_MAX_PAGE, DISCOVERY_SEARCH_COST, type DiscoveryEntry } from '@reach/contract/discovery';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconAdjustmentsHorizontal, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatCount } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { TourButton } from '../../../lib/tours';
import { useAllLists } from '../api/lists';
import { useDiscoverySearch } from '../api/search-influencers';
import { DiscoveryError } from '../components/discovery-error';
import { FilterPanel } from '../components/filter-panel';
import { DiscoveryInviteModal } from '../components/invite-modal';
import {
  isMember,
  type MemberEntry,
  MemberInviteModal,
  MemberMessageModal,
} from '../components/member-modals';
import { ProfileDrawer } from '../components/profile-drawer';
import { ResultCard } from '../components/result-card';
import { SaveToListsModal } from '../components/save-to-lists-modal';
import { totalLabel } from '../utils/format';
import {
  advancedCount,
  DEFAULT_FILTERS,
  isSearchRun,
  readFilters,
  type SearchFilters,
  searchBody,
  writeFilters,
} from '../utils/search-filters';
import '../tours';

/**
 * /business/discovery/search: the filter panel (a drawer on phones), the results with 'Load more', and per
 * result the profile drawer, save-to-lists and invite (in-app for creators on REACH, who can be messaged too;
 * by mail for the others). The URL holds the last search run, so a reload shows
 * it again (a repeated search is free within 24 h).
 */
export default function DiscoverySearchRoute() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's text is what identifies the search
  const applied = useMemo(() => readFilters(params), [query]);
  const run = isSearchRun(params);
  const [draft, setDraft] = useState<SearchFilters>(applied);
  const [advancedOpen, { toggle: toggleAdvanced }] = useDisclosure(advancedCount(applied) > 0);
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  // Back and forward move between searches: the form follows the URL.
  useEffect(() => setDraft(applied), [applied]);

  const body = useMemo(() => (run ? searchBody(applied) : null), [run, applied]);
  const search = useDiscoverySearch(body);
  const lists = useAllLists();
  const saved = useMemo(
    () => new Set((lists.data ?? []).flatMap((l) => l.influencers.map((i) => i.modash_id))),
    [lists.data],
  );

  const [reporting, setReporting] = useState<DiscoveryEntry | null>(null);
  const [saving, setSaving] = useState<DiscoveryEntry | null>(null);
  const [inviting, setInviting] = useState<DiscoveryEntry | null>(null);
  const [invitingMember, setInvitingMember] = useState<MemberEntry | null>(null);
  const [messaging, setMessaging] = useState<MemberEntry | null>(null);
  // A creator on REACH is invited in-app (a connection); anyone else by mail with a sign-up link.
  const invite = (entry: DiscoveryEntry) => (isMember(entry) ? setInvitingMember(entry) : setInviting(entry));
  const message = (entry: DiscoveryEntry) => isMember(entry) && setMessaging(entry);

  const pages = useMemo(() => search.data?.pages ?? [], [search.data]);
  const first = pages[0]?.influencers;
  // Spec §4: the first page replaces the results, later pages append to the lookalikes.
  const directs = useMemo(() => first?.directs ?? [], [first]);
  const lookalikes = useMemo(() => {
    const seen = new Set(directs.map((d) => d.modash_id));
    const unique: DiscoveryEntry[] = [];
    for (const entry of pages.flatMap((p) => p.influencers.lookalikes)) {
      if (seen.has(entry.modash_id)) continue;
      seen.add(entry.modash_id);
      unique.push(entry);
    }
    return unique;
  }, [pages, directs]);
  const total = first?.total ?? 0;
  const shown = directs.length + lookalikes.length;

  const submit = () => {
    const next = writeFilters(draft);
    // The same search again only asks the server again after a failure (e.g. credits bought since a 402).
    if (next.toString() === query) {
      if (search.isError) void search.refetch();
    } else setParams(next);
    filtersDrawer.close();
  };
  const reset = () => setDraft(DEFAULT_FILTERS);
  const patch = (change: Partial<SearchFilters>) => setDraft((current) => ({ ...current, ...change }));

  const panel = (
    <FilterPanel
      filters={draft}
      onChange={patch}
      onSearch={submit}
      onReset={reset}
      advancedOpen={advancedOpen}
      onToggleAdvanced={toggleAdvanced}
      searching={search.isFetching && !search.isFetchingNextPage}
    />
  );

  return (
    <>
      <PageHeader
        title="Discovery Search"
        description="Search influencers by platform, location, audience, interests and engagement. Each page of 15 results uses one credit; repeating a search within 24 hours is free."
        actions={<TourButton name="discovery-search" label={SPEC_TEXT.takeDiscoveryTour} />}
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {!isMobile && (
          <Paper
            withBorder
            p="md"
            radius="md"
            w={340}
            // The panel stays in view beside a long list of results and scrolls on its own.
            style={{
              flexShrink: 0,
              position: 'sticky',
              top: 76,
              maxHeight: 'calc(100dvh - 92px)',
              overflowY: 'auto',
            }}
          >
            {panel}
          </Paper>
        )}
        <Stack
          gap="md"
          style={{ flex: 1, minWidth: 0 }}
          data-tour="discovery-results"
          data-testid="discovery-results"
        >
          <Group justify="space-between" gap="sm">
            {isMobile && (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                onClick={filtersDrawer.open}
              >
                Filters
              </Button>
            )}
            {first && (
              <Text fw={600} aria-live="polite">
                {totalLabel(total, first.totalCapped)} {total === 1 ? 'influencer' : 'influencers'} found
                <Text span c="dimmed" fw={400} size="sm">
                  {' '}
                  · showing {formatCount(shown)}
                </Text>
              </Text>
            )}
            {shown > 0 && (
              <Box ml="auto">
                <TourButton name="influencer-card" />
              </Box>
            )}
          </Group>

          {search.error && !search.isFetchNextPageError && (
            <DiscoveryError error={search.error} title="The search did not work" />
          )}
          {!run && (
            <EmptyState
              icon={<IconUserSearch size={28} aria-hidden />}
              title="Find your next influencers"
              description={`Choose your filters and press Search. The United States is preselected; each page of results uses ${DISCOVERY_SEARCH_COST} credit.`}
              py="xl"
            >
              {isMobile && (
                <EmptyState.Actions>
                  <Button onClick={filtersDrawer.open}>Choose filters</Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}
          {run && search.isPending && !search.error && (
            <SimpleGrid
              cols={{ base: 1, sm: 2, xl: 3 }}
              spacing="md"
              aria-busy="true"
              aria-label="Searching influencers"
            >
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} h={250} radius="lg" />
              ))}
            </SimpleGrid>
          )}
          {first && shown === 0 && (
            <EmptyState
              icon={<IconUserSearch size={28} aria-hidden />}
              title="No influencers match"
              description="Try fewer filters, a wider location or a lower accuracy for the audience filters."
              py="xl"
            />
          )}
          {directs.length > 0 && (
            <Stack gap="xs">
              <Title order={2} fz="md">
                Exact match
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                {directs.map((entry, index) => (
                  <ResultCard
                    key={`d-${entry.modash_id}`}
                    entry={entry}
                    direct
                    saved={saved.has(entry.modash_id)}
                    tour={index === 0}
                    onReport={setReporting}
                    onSave={setSaving}
                    onInvite={invite}
                    onMessage={message}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {lookalikes.length > 0 && (
            <Stack gap="xs">
              {directs.length > 0 && (
                <Title order={2} fz="md">
                  More like this
                </Title>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                {lookalikes.map((entry, index) => (
                  <ResultCard
                    key={entry.modash_id}
                    entry={entry}
                    saved={saved.has(entry.modash_id)}
                    tour={directs.length === 0 && index === 0}
                    onReport={setReporting}
                    onSave={setSaving}
                    onInvite={invite}
                    onMessage={message}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {search.isFetchNextPageError && (
            <DiscoveryError error={search.error} title="The next page did not load" />
          )}
          {search.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void search.fetchNextPage()}
                loading={search.isFetchingNextPage}
              >
                Load more ({DISCOVERY_SEARCH_COST} credit)
              </Button>
            </Group>
          )}
          {first && shown > 0 && !search.hasNextPage && (
            <Text size="sm" c="dimmed" ta="center">
              {pages.length > DISCOVERY_MAX_PAGE && (shown < total || first.totalCapped)
                ? `Results stop after ${DISCOVERY_MAX_PAGE + 1} pages. Narrow your filters to see other influencers.`
                : 'That is every influencer for these filters.'}
            </Text>
          )}
        </Stack>
      </Group>

      {isMobile && (
        <Drawer
          opened={filtersOpen}
          onClose={filtersDrawer.close}
          title="Filters"
          size="100%"
          position="left"
        >
          {panel}
        </Drawer>
      )}
      <ProfileDrawer
        entry={reporting}
        onClose={() => setReporting(null)}
        onSave={setSaving}
        onInvite={invite}
        onMessage={message}
      />
      <SaveToListsModal entry={saving} onClose={() => setSaving(null)} />
      <DiscoveryInviteModal entry={inviting} onClose={() => setInviting(null)} />
      <MemberInviteModal entry={invitingMember} onClose={() => setInvitingMember(null)} />
      <MemberMessageModal entry={messaging} onClose={() => setMessaging(null)} />
    </>
  );
}
