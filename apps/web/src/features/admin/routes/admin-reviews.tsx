import { Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  REVIEW_DIRECTION_LABELS,
  REVIEW_DIRECTIONS,
  REVIEW_SORT_KEYS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
} from '@reach/contract/admin-reviews';
import { IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { MOBILE_QUERY } from '../../../lib/media';
import { useReviews } from '../api/list-reviews';
import { AdminListFilters } from '../components/list-filters';
import { AdminListResults } from '../components/list-results';
import { ListStates } from '../components/list-states';
import { type ModerationRequest, ReviewModerationModal } from '../components/review-moderation-modal';
import { ReviewCards, ReviewTable } from '../components/review-table';
import { useListState } from '../hooks/use-list-state';

const DIRECTION_OPTIONS = [
  { value: '', label: 'Both directions' },
  ...REVIEW_DIRECTIONS.map((direction) => ({ value: direction, label: REVIEW_DIRECTION_LABELS[direction] })),
];
const RATING_OPTIONS = [
  { value: '', label: 'Any rating' },
  ...[5, 4, 3, 2, 1].map((stars) => ({
    value: String(stars),
    label: `${stars} star${stars === 1 ? '' : 's'}`,
  })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Visible and hidden' },
  ...REVIEW_STATUSES.map((status) => ({ value: status, label: `${REVIEW_STATUS_LABELS[status]} only` })),
];
const SORT_OPTIONS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'rating:asc', label: 'Lowest rated' },
  { value: 'rating:desc', label: 'Highest rated' },
  { value: 'author:asc', label: 'Reviewer (A–Z)' },
  { value: 'subject:asc', label: 'Reviewed (A–Z)' },
  { value: 'campaign:asc', label: 'Campaign (A–Z)' },
  { value: 'status:desc', label: 'Hidden first' },
];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * /admin/reviews: every review between businesses and influencers, with search, direction, rating and
 * visibility filters; hiding one takes it off the public profile and out of the rating, with a reason.
 */
export default function AdminReviewsRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({
    sortKeys: REVIEW_SORT_KEYS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: ['direction', 'rating', 'status'],
  });
  const direction = oneOf(REVIEW_DIRECTIONS, list.filters.direction ?? null);
  const status = oneOf(REVIEW_STATUSES, list.filters.status ?? null);
  const rating = oneOf(['1', '2', '3', '4', '5'], list.filters.rating ?? null);
  const [moderating, setModerating] = useState<ModerationRequest | null>(null);

  const { data, error, isPending, isPlaceholderData } = useReviews({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    direction,
    rating: rating ? Number(rating) : undefined,
    status,
  });

  return (
    <>
      <PageHeader
        title="Reviews"
        description="What businesses and influencers wrote about each other after working together. Hide a review to take it off the public profile and out of the rating; show it again at any time."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <AdminListFilters
            list={list}
            search={{ label: 'Search reviews', placeholder: 'Name, campaign or text', width: 260 }}
            selects={[
              { name: 'direction', label: 'Direction', options: DIRECTION_OPTIONS, width: 200 },
              { name: 'rating', label: 'Rating', options: RATING_OPTIONS, width: 140 },
              { name: 'status', label: 'Visibility', options: STATUS_OPTIONS, width: 170 },
            ]}
            sortOptions={SORT_OPTIONS}
            defaultSort="created_at:desc"
          />

          <ListStates
            noun="reviews"
            error={error}
            isPending={isPending}
            total={data?.total}
            filtered={list.filtered}
            onClear={list.clear}
            empty={
              <Stack align="center" gap="xs" py="xl">
                <IconStar size={28} aria-hidden color="var(--mantine-color-gray-5)" />
                <Text fw={600}>No reviews yet</Text>
                <Text size="sm" c="dimmed" ta="center">
                  Businesses and influencers review each other once a collaboration is completed.
                </Text>
              </Stack>
            }
          />
          {data && data.total > 0 && (
            <AdminListResults list={list} noun="reviews" total={data.total} loading={isPlaceholderData}>
              {isMobile ? (
                <ReviewCards
                  reviews={data.data}
                  onModerate={(review, to) => setModerating({ review, status: to })}
                />
              ) : (
                <ReviewTable
                  reviews={data.data}
                  onModerate={(review, to) => setModerating({ review, status: to })}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={list.toggleSort}
                />
              )}
            </AdminListResults>
          )}
        </Stack>
      </Paper>
      <ReviewModerationModal request={moderating} onClose={() => setModerating(null)} />
    </>
  );
}
