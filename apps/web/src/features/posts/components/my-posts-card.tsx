import {
  Alert,
  Anchor,
  Divider,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePosts } from '../api/list-posts';
import { PostLink, PostPayment } from './post-parts';
import { PostStatusBadge } from './post-status-badge';

const PAGE = 5;

/**
 * The influencer dashboard's card of their latest posts (the influencer menu has no posts section, spec §2):
 * status, payment and the rejection reason, each opening its connection to resubmit or submit more.
 */
export function MyPostsCard() {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = usePosts({
    sortBy: 'submitted_at',
    sortDesc: 'desc',
    items: PAGE,
    page,
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            Your posts{data ? ` (${data.total})` : ''}
          </Title>
          <Anchor component={Link} to="/influencer/connections?status=accepted" size="sm">
            Submit a post
          </Anchor>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {isPending && !error && <Skeleton h={80} aria-busy="true" aria-label="Loading your posts" />}
        {data && data.total === 0 && (
          <Text size="sm" c="dimmed">
            No posts yet. Once you publish a post for a campaign you work on, submit it from that connection
            for the business to review; approved posts of cash campaigns are paid to your balance.
          </Text>
        )}
        {data?.data.map((post, index) => (
          <Fragment key={post.id}>
            {index > 0 && <Divider />}
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={`/influencer/connections/${post.connection_id}`}
                  fw={600}
                  size="sm"
                  lineClamp={1}
                >
                  {post.campaign.title ?? 'Untitled campaign'}
                </Anchor>
                <PostStatusBadge status={post.status} style={{ flexShrink: 0 }} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Group gap="sm">
                  <PostLink post={post} />
                  <Text size="xs" c="dimmed">
                    {post.business.name ?? 'A business'} · {formatDate(post.submitted_at)}
                  </Text>
                </Group>
                <PostPayment post={post} />
              </Group>
              {post.status === 'rejected' && post.rejection_reason && (
                <Text size="xs" c="red.8" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  Rejected: {post.rejection_reason}
                </Text>
              )}
            </Stack>
          </Fragment>
        ))}
        {data && data.total > PAGE && (
          <Pagination
            total={Math.ceil(data.total / PAGE)}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Stack>
    </Paper>
  );
}
