import { Alert, Button, Divider, Group, Modal, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import { POST_REJECTION_REASON_MAX_LENGTH } from '@reach/contract/post-constants';
import type { Post } from '@reach/contract/posts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { applyApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useApprovePost, useRejectPost } from '../api/review-post';
import { PostMediaGallery } from './post-media-viewer';
import { PostLink } from './post-parts';
import { PostStatusBadge } from './post-status-badge';

export type ReviewRequest = { post: Post; action: 'approve' | 'reject' };

const success = toast.success;

/** What happened to the post so far, oldest first: submitted, reviewed (with the reason), paid. */
export function postHistory(post: Post): { key: string; title: string; at: string; detail?: string }[] {
  const items: { key: string; title: string; at: string; detail?: string }[] = [
    {
      key: 'submitted',
      title: post.source === 'webhook' ? 'Published (found on Instagram)' : 'Submitted for review',
      at: post.submitted_at,
    },
  ];
  if (post.reviewed_at && post.status !== 'submitted') {
    const by = post.reviewed_by ? ` by ${post.reviewed_by.name}` : '';
    items.push({
      key: 'reviewed',
      title: `${post.status === 'approved' ? 'Approved' : 'Rejected'}${by}`,
      at: post.reviewed_at,
      ...(post.status === 'rejected' && post.rejection_reason ? { detail: post.rejection_reason } : {}),
    });
  }
  if (post.payment)
    items.push({
      key: 'paid',
      title: `Paid ${formatUsd(post.payment.amount_cents)}`,
      at: post.payment.paid_at,
    });
  return items;
}

/**
 * The post being decided on, whole: who and which campaign, its media (images open the lightbox, videos play
 * here), the caption, the link to the published post and its history.
 */
function PostReview({ post, onLightbox }: { post: Post; onLightbox: (open: boolean) => void }) {
  const history = postHistory(post);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {post.influencer.name}
            {post.influencer.instagram_username ? ` · @${post.influencer.instagram_username}` : ''}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {post.campaign.title ?? 'Untitled campaign'}
          </Text>
        </Stack>
        <PostStatusBadge status={post.status} />
      </Group>

      <section aria-label="Media">
        <PostMediaGallery media={post.media} owner={post.influencer.name} onLightbox={onLightbox} />
      </section>

      <Stack gap={4} component="section" aria-labelledby={`post-${post.id}-caption`}>
        <Text id={`post-${post.id}-caption`} size="xs" fw={700} tt="uppercase" c="dimmed">
          Caption
        </Text>
        {post.caption ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {post.caption}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No caption
          </Text>
        )}
      </Stack>

      <Stack gap={4} component="section" aria-labelledby={`post-${post.id}-link`}>
        <Text id={`post-${post.id}-link`} size="xs" fw={700} tt="uppercase" c="dimmed">
          Published post
        </Text>
        <PostLink post={post} />
        {post.post_url && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {post.post_url}
          </Text>
        )}
      </Stack>

      <Stack gap={6} component="section" aria-labelledby={`post-${post.id}-history`}>
        <Text id={`post-${post.id}-history`} size="xs" fw={700} tt="uppercase" c="dimmed">
          History
        </Text>
        <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
          {history.map((item) => (
            <Timeline.Item key={item.key} title={<Text size="sm">{item.title}</Text>}>
              <Text size="xs" c="dimmed">
                {formatDateTime(item.at)}
              </Text>
              {item.detail && (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  “{item.detail}”
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}

/** What approving pays, stated before it happens (product campaigns pay nothing in cash). */
export function approvalText(post: Post): string {
  const amount = post.campaign.amount_per_post_cents;
  if (post.campaign.type === 1 || !amount) {
    return `This is a product campaign: approving pays nothing in cash. ${post.influencer.name} is notified.`;
  }
  return `${formatUsd(amount)} will be paid to ${post.influencer.name} from the campaign budget of "${
    post.campaign.title ?? 'Untitled campaign'
  }". This cannot be undone.`;
}

/**
 * The review dialog: the post whole (media in the app, caption, link, history), then the decision. Approve
 * states the amount paid from the campaign budget; reject needs a reason the influencer reads. Either can be
 * chosen from here whichever button opened it. The server's refusals (the most paid posts per influencer, the
 * funded budget spent, someone else reviewed it first) are shown in the dialog, which stays open.
 */
export function ReviewPostModal({
  request,
  onClose,
}: {
  request: ReviewRequest | null;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const approve = useApprovePost();
  const reject = useRejectPost();
  const [failure, setFailure] = useState<string | null>(null);
  // A refusal (409: the cap or the budget reached, or already reviewed) would only be refused again.
  const [refused, setRefused] = useState(false);
  // Which decision the dialog is on: the button that opened it, until the other one is chosen here.
  // While the lightbox is open, Escape closes it and leaves this dialog open.
  const [lightbox, setLightbox] = useState(false);
  const [chosen, setChosen] = useState<{ post: number; action: ReviewRequest['action'] } | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : API_MESSAGE.postRejectReasonRequired) },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    setRefused(false);
    setChosen(null);
    setLightbox(false);
    approve.reset();
    onClose();
  };
  const post = request?.post;
  const action = post && chosen?.post === post.id ? chosen.action : request?.action;
  const choose = (next: ReviewRequest['action']) => {
    if (!post) return;
    setFailure(null);
    setChosen({ post: post.id, action: next });
  };
  const paid = !!post?.campaign.amount_per_post_cents && post.campaign.type !== 1;

  const onApprove = async () => {
    if (!post) return;
    setFailure(null);
    try {
      const done = await approve.mutateAsync(post.id);
      success(
        done.payment
          ? `Post approved. ${formatUsd(done.payment.amount_cents)} paid to ${post.influencer.name}.`
          : `Post approved. ${post.influencer.name} is notified.`,
      );
      close();
    } catch (error) {
      setFailure(errorMessage(error));
      setRefused(error instanceof ApiError && error.status === 409);
    }
  };

  return (
    <Modal
      opened={!!request}
      onClose={close}
      title={action === 'reject' ? 'Reject this post?' : 'Approve this post?'}
      size="lg"
      fullScreen={isMobile}
      closeOnEscape={!lightbox}
      centered
    >
      {post && action === 'approve' && (
        <Stack gap="md">
          <PostReview post={post} onLightbox={setLightbox} />
          <Divider />
          <Text size="sm">{approvalText(post)}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="The post was not approved">
              {failure}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            {post.abilities.reject ? (
              <Button variant="subtle" color="red" onClick={() => choose('reject')}>
                Reject instead
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="teal"
                loading={approve.isPending}
                disabled={refused}
                onClick={() => void onApprove()}
                data-autofocus
              >
                {paid ? `Approve and pay ${formatUsd(post.campaign.amount_per_post_cents!)}` : 'Approve'}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      {post && action === 'reject' && (
        <form
          noValidate
          onSubmit={form.onSubmit(async ({ reason }) => {
            setFailure(null);
            try {
              await reject.mutateAsync({ id: post.id, reason: reason.trim() });
              success(`Post rejected. ${post.influencer.name} can see your reason and resubmit.`);
              close();
            } catch (error) {
              setFailure(applyApiError(form, error));
            }
          })}
        >
          <Stack gap="md">
            <PostReview post={post} onLightbox={setLightbox} />
            <Divider />
            <Text size="sm">
              Nothing is paid. {post.influencer.name} is notified with your reason and can submit the post
              again.
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Textarea
              label="Reason"
              description="Shown to the influencer."
              placeholder="e.g. The product is not tagged; please add @yourbrand to the caption."
              required
              maxLength={POST_REJECTION_REASON_MAX_LENGTH}
              autosize
              minRows={3}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="space-between" gap="sm">
              {post.abilities.approve ? (
                <Button variant="subtle" color="teal" onClick={() => choose('approve')}>
                  Approve instead
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={reject.isPending}>
                  Reject post
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
