import { Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  REVIEW_DIRECTION_LABELS,
  REVIEW_DIRECTIONS,
  REVIEW_SORT_KEYS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ReviewSortKey,
} from '@reach/contract/admin-reviews';
import { IconSearch, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { type ActiveFilter, ResponsiveFilters } from '../../../components/responsive-filters';
import { MOBILE_QUERY } from '../../../lib/media';
import { useReviews } from '../api/list-reviews';
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
  const width = (desktop: number) => (isMobile ? '100%' : desktop);

  const active: ActiveFilter[] = [];
  if (list.search) active.push({ key: 'search', label: `“${list.search}”`, onRemove: list.clearSearch });
  if (direction)
    active.push({
      key: 'direction',
      label: REVIEW_DIRECTION_LABELS[direction],
      onRemove: () => list.update({ direction: null }),
    });
  if (rating)
    active.push({
      key: 'rating',
      label: `${rating} star${rating === '1' ? '' : 's'}`,
      onRemove: () => list.update({ rating: null }),
    });
  if (status)
    active.push({
      key: 'status',
      label: `${REVIEW_STATUS_LABELS[status]} only`,
      onRemove: () => list.update({ status: null }),
    });

  return (
    <>
      <PageHeader
        title="Reviews"
        description="What businesses and influencers wrote about each other after working together. Hide a review to take it off the public profile and out of the rating; show it again at any time."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ResponsiveFilters active={active}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Search reviews"
                placeholder="Name, campaign or text"
                type="search"
                leftSection={<IconSearch size={16} aria-hidden />}
                w={width(260)}
                {...list.searchInput}
              />
              <Select
                label="Direction"
                data={DIRECTION_OPTIONS}
                value={direction ?? ''}
                onChange={(value) => list.update({ direction: value || null })}
                allowDeselect={false}
                w={width(200)}
              />
              <Select
                label="Rating"
                data={RATING_OPTIONS}
                value={rating ?? ''}
                onChange={(value) => list.update({ rating: value || null })}
                allowDeselect={false}
                w={width(140)}
              />
              <Select
                label="Visibility"
                data={STATUS_OPTIONS}
                value={status ?? ''}
                onChange={(value) => list.update({ status: value || null })}
                allowDeselect={false}
                w={width(170)}
              />
              {isMobile && (
                <Select
                  label="Sort by"
                  data={SORT_OPTIONS}
                  value={
                    SORT_OPTIONS.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ??
                    'created_at:desc'
                  }
                  onChange={(value) => {
                    const [key, dir] = (value ?? 'created_at:desc').split(':');
                    list.update({ sortBy: key as ReviewSortKey, sortDesc: dir });
                  }}
                  allowDeselect={false}
                  w="100%"
                />
              )}
            </Group>
          </ResponsiveFilters>

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
            <div
              data-testid="list-results"
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
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
              <ListPager
                noun="reviews"
                page={list.page}
                items={list.items}
                total={data.total}
                onPage={(page) => list.update({ page })}
                onItems={(items) => list.update({ items })}
              />
            </div>
          )}
        </Stack>
      </Paper>
      <ReviewModerationModal request={moderating} onClose={() => setModerating(null)} />
    </>
  );
}
