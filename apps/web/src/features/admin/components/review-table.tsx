import { Anchor, Avatar, Badge, Button, Group, Paper, Spoiler, Stack, Table, Text } from '@mantine/core';
import {
  type AdminReview,
  REVIEW_DIRECTION_LABELS,
  REVIEW_STATUS_LABELS,
  type ReviewSortKey,
  type ReviewStatus,
} from '@reach/contract/admin-reviews';
import { IconArrowRight, IconEye, IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh, type SortState } from '../../../components/sortable-th';
import { StarRating } from '../../../components/star-rating';
import { formatDate } from '../../../lib/format';
import { moderationNote } from '../utils/labels';

type Props = {
  reviews: AdminReview[];
  onModerate: (review: AdminReview, status: ReviewStatus) => void;
};

const userLink = (userId: number) => `/admin/users?user=${userId}`;

/** Reviewer → reviewed, each opening their account, with the direction under them. */
function People({ review }: { review: AdminReview }) {
  return (
    <Stack gap={4} miw={0}>
      <Group gap={6} wrap="nowrap" miw={0}>
        <Avatar
          src={review.author.avatar}
          name={review.author.name}
          color="initials"
          radius="xl"
          size={24}
          alt=""
        />
        <Anchor component={Link} to={userLink(review.author.user_id)} size="sm" fw={600} lineClamp={1}>
          {review.author.name}
        </Anchor>
      </Group>
      <Group gap={6} wrap="nowrap" miw={0} pl={4}>
        <IconArrowRight size={16} aria-label="reviewed" color="var(--mantine-color-gray-6)" />
        <Anchor component={Link} to={userLink(review.subject.user_id)} size="sm" lineClamp={1}>
          {review.subject.name}
        </Anchor>
      </Group>
      <Badge
        variant="outline"
        color={review.direction === 'business_to_influencer' ? 'reach' : 'grape'}
        size="xs"
        style={{ alignSelf: 'flex-start' }}
      >
        {REVIEW_DIRECTION_LABELS[review.direction]}
      </Badge>
    </Stack>
  );
}

function Stars({ review }: { review: AdminReview }) {
  return <StarRating value={review.rating} size="sm" />;
}

function Body({ review }: { review: AdminReview }) {
  return (
    <Spoiler maxHeight={66} showLabel="Show more" hideLabel="Show less">
      <Text
        size="sm"
        c={review.status === 'hidden' ? 'dimmed' : undefined}
        style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {review.body}
      </Text>
    </Spoiler>
  );
}

function Campaign({ review }: { review: AdminReview }) {
  return (
    <Anchor component={Link} to={`/admin/campaigns/${review.campaign.id}`} size="sm" lineClamp={2}>
      {review.campaign.title || 'Untitled draft'}
    </Anchor>
  );
}

function VisibilityBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge
      color={status === 'visible' ? 'teal' : 'red'}
      variant="light"
      size="sm"
      leftSection={
        status === 'visible' ? <IconEye size={12} aria-hidden /> : <IconEyeOff size={12} aria-hidden />
      }
    >
      {REVIEW_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Who last hid or showed it, when, and why. */
function Moderation({ review }: { review: AdminReview }) {
  const note = moderationNote(review.moderation);
  if (!note) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
      {review.moderation?.reason && (
        <Text
          size="xs"
          c="dimmed"
          fs="italic"
          lineClamp={3}
          title={review.moderation.reason}
          style={{ overflowWrap: 'anywhere' }}
        >
          “{review.moderation.reason}”
        </Text>
      )}
    </Stack>
  );
}

function ModerateButton({ review, onModerate }: { review: AdminReview; onModerate: Props['onModerate'] }) {
  const who = `${review.author.name} of ${review.subject.name}`;
  if (review.abilities.hide) {
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconEyeOff size={14} aria-hidden />}
        onClick={() => onModerate(review, 'hidden')}
        aria-label={`Hide the review by ${who}`}
      >
        Hide
      </Button>
    );
  }
  if (review.abilities.show) {
    return (
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => onModerate(review, 'visible')}
        aria-label={`Show the review by ${who}`}
      >
        Show
      </Button>
    );
  }
  return null;
}

/** Reviews as a table with sortable headers (desktop). */
export function ReviewTable({
  reviews,
  onModerate,
  sort,
  onSort,
}: Props & { sort: SortState<ReviewSortKey>; onSort: (key: ReviewSortKey) => void }) {
  const th = (key: ReviewSortKey, label: string) => (
    <SortableTh sortKey={key} sort={sort} onSort={onSort}>
      {label}
    </SortableTh>
  );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" aria-label="Reviews">
        <Table.Thead>
          <Table.Tr>
            {th('created_at', 'Date')}
            {th('author', 'Reviewer → reviewed')}
            {th('rating', 'Stars')}
            <Table.Th>Review</Table.Th>
            {th('campaign', 'Campaign')}
            {th('status', 'Visibility')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reviews.map((review) => (
            <Table.Tr key={review.id} style={{ verticalAlign: 'top' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(review.created_at)}</Table.Td>
              <Table.Td w={210} maw={230}>
                <People review={review} />
              </Table.Td>
              <Table.Td>
                <Stars review={review} />
              </Table.Td>
              <Table.Td miw={200}>
                <Body review={review} />
              </Table.Td>
              <Table.Td maw={160}>
                <Campaign review={review} />
              </Table.Td>
              <Table.Td w={170}>
                <Stack gap={6} align="flex-start">
                  <VisibilityBadge status={review.status} />
                  <Moderation review={review} />
                  <ModerateButton review={review} onModerate={onModerate} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same reviews as stacked cards for narrow screens. */
export function ReviewCards({ reviews, onModerate }: Props) {
  return (
    <Stack gap="sm">
      {reviews.map((review) => (
        <Paper key={review.id} withBorder p="md" radius="md" aria-label={`Review ${review.id}`}>
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stars review={review} />
              <VisibilityBadge status={review.status} />
            </Group>
            <People review={review} />
            <Body review={review} />
            <Text size="xs" c="dimmed">
              <Anchor component={Link} to={`/admin/campaigns/${review.campaign.id}`} size="xs">
                {review.campaign.title || 'Untitled draft'}
              </Anchor>{' '}
              · {formatDate(review.created_at)}
            </Text>
            <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
              <Moderation review={review} />
              <Group ml="auto">
                <ModerateButton review={review} onModerate={onModerate} />
              </Group>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
