import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { Review } from '@reach/contract/connections';
import { storageUrl } from '../lib/config';
import { formatDate } from '../lib/format';
import { StarRating } from './star-rating';

/** One review: who wrote it, the stars, the text, the campaign and when. */
export function ReviewCard({ review }: { review: Review }) {
  const avatar =
    review.author.avatarType === 'upload' && review.author.avatar ? storageUrl(review.author.avatar) : null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Avatar src={avatar} name={review.author.name} color="initials" size="sm" alt="" />
            <Text size="sm" fw={600} truncate="end">
              {review.author.name}
            </Text>
          </Group>
          <StarRating value={review.rating} size="sm" />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.body}
        </Text>
        <Text size="xs" c="dimmed">
          {review.campaign_title ? `${review.campaign_title} · ` : ''}
          {formatDate(review.created_at)}
          {review.status === 'hidden' ? ' · hidden by a moderator' : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
