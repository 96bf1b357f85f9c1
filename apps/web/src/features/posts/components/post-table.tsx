import { Anchor, Button, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Post, PostSortKey } from '@reach/contract/posts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh, type SortState } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import {
  PostInfluencer,
  PostLink,
  PostMediaThumbs,
  PostMetrics,
  PostPayment,
  RefreshMetricsButton,
} from './post-parts';
import { PostStatusBadge } from './post-status-badge';
import type { ReviewRequest } from './review-post-modals';

type Review = (request: ReviewRequest) => void;

function Caption({ post, lines = 2 }: { post: Post; lines?: number }) {
  return post.caption ? (
    <Tooltip label={post.caption} multiline w={360} openDelay={400}>
      <Text size="sm" lineClamp={lines} style={{ overflowWrap: 'anywhere' }}>
        {post.caption}
      </Text>
    </Tooltip>
  ) : (
    <Text size="sm" c="dimmed">
      No caption
    </Text>
  );
}

/** The status, when it was submitted and, once rejected, the reason. */
function Outcome({ post }: { post: Post }) {
  return (
    <Stack gap={4} align="flex-start">
      <PostStatusBadge status={post.status} />
      <Text size="xs" c="dimmed">
        Submitted {formatDate(post.submitted_at)}
      </Text>
      {post.status === 'rejected' && post.rejection_reason && (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          “{post.rejection_reason}”
        </Text>
      )}
    </Stack>
  );
}

function Actions({
  post,
  onReview,
  size,
  stacked = false,
}: {
  post: Post;
  onReview: Review;
  size: 'xs' | 'sm';
  /** One above the other (the table's narrow last column). */
  stacked?: boolean;
}) {
  if (!post.abilities.approve && !post.abilities.reject) return null;
  const who = `${post.influencer.name}'s post for ${post.campaign.title ?? 'Untitled campaign'}`;
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={6} wrap="nowrap" align={stacked ? 'stretch' : 'center'}>
      {post.abilities.approve && (
        <Button
          size={size}
          color="teal"
          leftSection={<IconCheck size={14} aria-hidden />}
          onClick={() => onReview({ post, action: 'approve' })}
          aria-label={`Approve ${who}`}
        >
          Approve
        </Button>
      )}
      {post.abilities.reject && (
        <Button
          size={size}
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => onReview({ post, action: 'reject' })}
          aria-label={`Reject ${who}`}
        >
          Reject
        </Button>
      )}
    </Layout>
  );
}

function CampaignLink({ post }: { post: Post }) {
  return (
    <Anchor
      component={Link}
      to={`/business/campaigns/${post.campaign.id}`}
      size="sm"
      c="inherit"
      lineClamp={2}
    >
      {post.campaign.title ?? 'Untitled campaign'}
    </Anchor>
  );
}

/** Posts to review as a table (desktop). */
export function PostTable({
  posts,
  sort,
  onSort,
  onReview,
  onInfluencer,
}: {
  posts: Post[];
  sort: SortState<PostSortKey>;
  onSort: (key: PostSortKey) => void;
  onReview: Review;
  onInfluencer?: (influencerId: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="posts">
        <Table.Thead>
          <Table.Tr>
            <SortableTh sortKey="influencer" sort={sort} onSort={onSort}>
              Influencer
            </SortableTh>
            <SortableTh sortKey="campaign" sort={sort} onSort={onSort}>
              Campaign
            </SortableTh>
            <Table.Th>Post</Table.Th>
            <SortableTh sortKey="submitted_at" sort={sort} onSort={onSort} w={170}>
              Submitted · status
            </SortableTh>
            <Table.Th w={110}>Payment</Table.Th>
            <Table.Th w={104}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {posts.map((post) => (
            <Table.Tr key={post.id}>
              <Table.Td maw={200}>
                <PostInfluencer
                  post={post}
                  onFilter={onInfluencer && (() => onInfluencer(post.influencer.id))}
                />
              </Table.Td>
              <Table.Td maw={150}>
                <CampaignLink post={post} />
              </Table.Td>
              <Table.Td>
                <Stack gap={6}>
                  <PostLink post={post} />
                  <Caption post={post} />
                  <PostMediaThumbs post={post} size={40} />
                  <PostMetrics post={post} />
                  <RefreshMetricsButton post={post} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Outcome post={post} />
              </Table.Td>
              <Table.Td>
                <PostPayment post={post} />
              </Table.Td>
              <Table.Td>
                <Actions post={post} onReview={onReview} size="xs" stacked />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Posts to review as cards (phones). */
export function PostCards({
  posts,
  onReview,
  onInfluencer,
}: {
  posts: Post[];
  onReview: Review;
  onInfluencer?: (influencerId: number) => void;
}) {
  return (
    <Stack gap="sm">
      {posts.map((post) => (
        <Card key={post.id} withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <PostInfluencer
                post={post}
                onFilter={onInfluencer && (() => onInfluencer(post.influencer.id))}
              />
              <PostStatusBadge status={post.status} style={{ flexShrink: 0 }} />
            </Group>
            <CampaignLink post={post} />
            <Group justify="space-between" gap="xs">
              <PostLink post={post} />
              <Text size="xs" c="dimmed">
                Submitted {formatDate(post.submitted_at)}
              </Text>
            </Group>
            <Caption post={post} lines={3} />
            <PostMediaThumbs post={post} size={56} />
            <PostMetrics post={post} />
            <RefreshMetricsButton post={post} />
            {post.status === 'rejected' && post.rejection_reason && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Rejected: “{post.rejection_reason}”
              </Text>
            )}
            <Group justify="space-between" gap="xs" align="center">
              <PostPayment post={post} />
              <Actions post={post} onReview={onReview} size="xs" />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
