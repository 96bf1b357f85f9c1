import {
  Alert,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Paper,
  Pill,
  Select,
  Skeleton,
  Stack,
  Tabs,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PostSortKey } from '@reach/contract/posts';
import { IconPhotoCheck } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { type ActiveFilter, ResponsiveFilters } from '../../../components/responsive-filters';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';
import { PAGE_SIZES } from '../../../lib/paging';
import { useCampaignOptions } from '../../../lib/reference';
import { useUrlParams } from '../../../lib/use-url-params';
import { type PostsQuery, postsQueryOptions, usePosts } from '../api/list-posts';
import { PostCards, PostTable } from '../components/post-table';
import { ReviewPostModal, type ReviewRequest } from '../components/review-post-modals';
import {
  POST_TABS,
  type PostListParams,
  type PostTab,
  readPostParams,
  tabStatus,
  writePostParams,
} from '../utils/list-params';

const TAB_LABELS: Record<PostTab, string> = {
  submitted: 'To review',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All posts',
};
const TABS = POST_TABS.map((tab) => ({ value: tab, label: TAB_LABELS[tab] }));

const SORT_OPTIONS = [
  { value: 'submitted_at:asc', label: 'Oldest first' },
  { value: 'submitted_at:desc', label: 'Newest first' },
  { value: 'reviewed_at:desc', label: 'Recently reviewed' },
  { value: 'campaign:asc', label: 'Campaign (A–Z)' },
  { value: 'influencer:asc', label: 'Influencer (A–Z)' },
  { value: 'status:asc', label: 'Status' },
];

const EMPTY: Record<PostTab, { title: string; text: string }> = {
  submitted: {
    title: 'Nothing to review',
    text: 'Posts your influencers submit for your campaigns appear here for your approval.',
  },
  approved: {
    title: 'No approved posts yet',
    text: 'Posts you approve are listed here with what they were paid.',
  },
  rejected: { title: 'No rejected posts', text: 'Posts you reject are listed here with your reason.' },
  all: {
    title: 'No posts yet',
    text: 'Once influencers you work with publish their posts for your campaigns, review them here.',
  },
};

/** What the list asks GET /posts for. */
const queryOf = (list: PostListParams): PostsQuery => ({
  sortBy: list.sortBy,
  sortDesc: list.sortDesc,
  items: list.items,
  page: list.page,
  status: tabStatus(list.tab),
  campaign: list.campaign ?? undefined,
  influencer: list.influencer ?? undefined,
});

/** The list, requested as the route loads (app/router.tsx `page`), beside the session's user. */
export function prefetch(client: QueryClient, url: URL) {
  void client.prefetchQuery(postsQueryOptions(queryOf(readPostParams(url.searchParams))));
}

/**
 * /business/posts (needs a subscription): the posts influencers submitted for the business's campaigns, "To
 * review" first. Approving pays the campaign's amount per post from its funded budget; rejecting needs a reason.
 * Tab, campaign, influencer, sort and page live in the URL.
 */
export default function BusinessPostsRoute() {
  const [params, setParams] = useUrlParams();
  const list = readPostParams(params);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [review, setReview] = useState<ReviewRequest | null>(null);
  const update = (change: Partial<PostListParams>) =>
    setParams((current) => writePostParams(current, change));

  const { data, error, isPending, isPlaceholderData } = usePosts(queryOf(list));
  const campaigns = useCampaignOptions();
  const filtered = !!(list.campaign || list.influencer);
  const influencerName = data?.data.find((p) => p.influencer.id === list.influencer)?.influencer.name;
  const sortBy = (key: PostSortKey) =>
    update({ sortBy: key, sortDesc: list.sortBy === key && list.sortDesc === 'asc' ? 'desc' : 'asc' });
  const toTab = (value: string | null) => TABS.find((t) => t.value === value)?.value ?? 'submitted';
  const empty = EMPTY[list.tab];
  const campaignTitle = campaigns.data?.find((c) => c.id === list.campaign)?.title;

  // On a phone the campaign, sort and influencer filters sit behind the Filters button, shown as chips.
  const active: ActiveFilter[] = [];
  if (list.campaign)
    active.push({
      key: 'campaign',
      label: campaignTitle ?? 'Campaign',
      onRemove: () => update({ campaign: null }),
    });
  if (list.influencer)
    active.push({
      key: 'influencer',
      label: `Influencer: ${influencerName ?? 'the one you chose'}`,
      onRemove: () => update({ influencer: null }),
    });

  return (
    <>
      <PageHeader
        title="Posts"
        description="Posts influencers submitted for your campaigns. Review them; approving a post pays the influencer from the campaign budget."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {isMobile ? (
            <Select
              label="Show"
              data={TABS}
              value={list.tab}
              onChange={(value) => update({ tab: toTab(value) })}
              allowDeselect={false}
            />
          ) : (
            <Tabs value={list.tab} onChange={(value) => update({ tab: toTab(value) })}>
              <Tabs.List aria-label="Filter by status">
                {TABS.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                    {tab.value === list.tab && data ? ` (${data.total})` : ''}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          )}
          <ResponsiveFilters active={active}>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="Campaign"
                placeholder="All campaigns"
                data={(campaigns.data ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.title ?? 'Untitled campaign',
                }))}
                value={list.campaign ? String(list.campaign) : null}
                onChange={(value) => update({ campaign: value ? Number(value) : null })}
                clearable
                searchable
                w={isMobile ? '100%' : 280}
              />
              <Select
                label="Sort by"
                data={SORT_OPTIONS}
                value={SORT_OPTIONS.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ?? null}
                placeholder="Custom"
                onChange={(value) => {
                  const [key, direction] = (value ?? 'submitted_at:asc').split(':');
                  update({ sortBy: key as PostSortKey, sortDesc: direction === 'desc' ? 'desc' : 'asc' });
                }}
                allowDeselect={false}
                w={isMobile ? '100%' : 220}
              />
              {list.influencer && !isMobile && (
                <Pill.Group>
                  <Pill size="lg" withRemoveButton={false}>
                    <Group gap={4} wrap="nowrap">
                      Influencer: {influencerName ?? 'the one you chose'}
                      <CloseButton
                        size="xs"
                        aria-label="Show every influencer's posts"
                        onClick={() => update({ influencer: null })}
                      />
                    </Group>
                  </Pill>
                </Pill.Group>
              )}
            </Group>
          </ResponsiveFilters>

          {error && (
            <Alert color="red" variant="light" role="alert" title="We could not load the posts">
              {errorMessage(error)}
            </Alert>
          )}
          {isPending && !error && (
            <Stack gap="xs" aria-busy="true" aria-label="Loading posts">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={64} />
              ))}
            </Stack>
          )}
          {data && data.total === 0 && (
            <EmptyState
              icon={<IconPhotoCheck size={28} aria-hidden />}
              title={filtered ? 'No posts match' : empty.title}
              description={filtered ? 'Try another campaign or influencer, or another tab.' : empty.text}
              py="xl"
            >
              <EmptyState.Actions>
                {filtered ? (
                  <Button variant="default" onClick={() => update({ campaign: null, influencer: null })}>
                    Clear filters
                  </Button>
                ) : (
                  <Button component={Link} to="/business/connections" variant="default">
                    View connections
                  </Button>
                )}
              </EmptyState.Actions>
            </EmptyState>
          )}
          {data && data.total > 0 && (
            <div
              data-testid="list-results"
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {isMobile ? (
                <PostCards
                  posts={data.data}
                  onReview={setReview}
                  onInfluencer={list.influencer ? undefined : (influencer) => update({ influencer })}
                />
              ) : (
                <PostTable
                  posts={data.data}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={sortBy}
                  onReview={setReview}
                  onInfluencer={list.influencer ? undefined : (influencer) => update({ influencer })}
                />
              )}
              <ListPager
                page={list.page}
                items={list.items}
                total={data.total}
                onPage={(page) => update({ page })}
                onItems={(items) => update({ items })}
                noun="posts"
                sizes={PAGE_SIZES}
              />
            </div>
          )}
        </Stack>
      </Paper>
      <ReviewPostModal request={review} onClose={() => setReview(null)} />
    </>
  );
}
