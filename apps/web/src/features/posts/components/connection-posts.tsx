import { Alert, Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Connection } from '@reach/contract/connections';
import type { Post } from '@reach/contract/posts';
import { IconCheck, IconRefresh, IconSend, IconX } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePosts } from '../api/list-posts';
import { PostFormModal } from './post-form-modal';
import { PostLink, PostMediaThumbs, PostMetrics, PostPayment, RefreshMetricsButton } from './post-parts';
import { PostStatusBadge } from './post-status-badge';
import { ReviewPostModal, type ReviewRequest } from './review-post-modals';

type Viewer = 'business' | 'influencer';

/**
 * The posts of one connection (its influencer on its campaign), newest first, on the connection page. The
 * influencer submits a post here and resubmits a rejected one (the business's reason shown); the business
 * approves or rejects.
 */
export function ConnectionPosts({ connection, viewer }: { connection: Connection; viewer: Viewer }) {
  const { data, error, isPending } = usePosts({
    campaign: connection.campaign.id,
    influencer: viewer === 'business' ? connection.influencer.id : undefined,
    sortBy: 'submitted_at',
    sortDesc: 'desc',
    items: 50,
  });
  const [form, setForm] = useState<{ post: Post | null } | null>(null);
  const [review, setReview] = useState<ReviewRequest | null>(null);
  const campaignTitle = connection.campaign.title ?? 'Untitled campaign';
  const canSubmit =
    viewer === 'influencer' && connection.status === 'accepted' && connection.campaign.status === 'active';
  const posts = data?.data ?? [];

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            Posts{data ? ` (${data.total})` : ''}
          </Title>
          {canSubmit && (
            <Button
              size="xs"
              leftSection={<IconSend size={14} aria-hidden />}
              onClick={() => setForm({ post: null })}
            >
              Submit post
            </Button>
          )}
          {viewer === 'business' && posts.length > 0 && (
            <Anchor
              component={Link}
              to={`/business/posts?tab=all&campaign=${connection.campaign.id}&influencer=${connection.influencer.id}`}
              size="sm"
            >
              Open in Posts
            </Anchor>
          )}
        </Group>
        {viewer === 'influencer' && !canSubmit && connection.status === 'accepted' && (
          <Text size="sm" c="dimmed">
            Posts can be submitted while the campaign is active.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {isPending && !error && <Skeleton h={64} aria-busy="true" aria-label="Loading posts" />}
        {data && posts.length === 0 && (
          <Text size="sm" c="dimmed">
            {viewer === 'influencer'
              ? canSubmit
                ? 'Published your post? Submit its link, with media or a screenshot, for the business to review.'
                : 'No posts for this campaign.'
              : `${connection.influencer.name} has not submitted a post for this campaign yet.`}
          </Text>
        )}
        {posts.map((post, index) => (
          <Fragment key={post.id}>
            {index > 0 && <Divider />}
            <PostItem
              post={post}
              viewer={viewer}
              onResubmit={() => setForm({ post })}
              onReview={(action) => setReview({ post, action })}
            />
          </Fragment>
        ))}
      </Stack>
      {viewer === 'influencer' && (
        <PostFormModal
          opened={form !== null}
          onClose={() => setForm(null)}
          connectionId={connection.id}
          campaignTitle={campaignTitle}
          post={form?.post ?? null}
        />
      )}
      {viewer === 'business' && <ReviewPostModal request={review} onClose={() => setReview(null)} />}
    </Paper>
  );
}

function PostItem({
  post,
  viewer,
  onResubmit,
  onReview,
}: {
  post: Post;
  viewer: Viewer;
  onResubmit: () => void;
  onReview: (action: 'approve' | 'reject') => void;
}) {
  return (
    <Stack gap={6} data-testid={`post-${post.id}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <PostLink post={post} />
        <PostStatusBadge status={post.status} />
      </Group>
      <Text size="xs" c="dimmed">
        Submitted {formatDate(post.submitted_at)}
        {post.reviewed_at && post.status !== 'submitted'
          ? ` · ${post.status === 'approved' ? 'approved' : 'rejected'} ${formatDate(post.reviewed_at)}`
          : ''}
      </Text>
      {post.caption && (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {post.caption}
        </Text>
      )}
      <PostMediaThumbs post={post} size={44} />
      <PostMetrics post={post} />
      {viewer === 'business' && <RefreshMetricsButton post={post} />}
      {post.status === 'rejected' && post.rejection_reason && (
        <Alert color="red" variant="light" p="xs" title="Rejection reason">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {post.rejection_reason}
          </Text>
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <PostPayment post={post} />
        <Group gap="xs">
          {viewer === 'influencer' && post.abilities.resubmit && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onResubmit}
            >
              Resubmit
            </Button>
          )}
          {viewer === 'business' && post.abilities.approve && (
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={() => onReview('approve')}
            >
              Approve
            </Button>
          )}
          {viewer === 'business' && post.abilities.reject && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onReview('reject')}
            >
              Reject
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
