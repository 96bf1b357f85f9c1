import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import { POST_REJECTION_REASON_MAX_LENGTH, type Post } from '@reach/contract/posts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useApprovePost, useRejectPost } from '../api/review-post';
import { PostLink, PostMediaThumbs } from './post-parts';

export type ReviewRequest = { post: Post; action: 'approve' | 'reject' };

const success = toast.success;

/** The post being decided on, in short: who, which campaign, the link, the media and the caption. */
function PostSummary({ post }: { post: Post }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
      <Stack gap={6}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {post.influencer.name} · {post.campaign.title ?? 'Untitled campaign'}
        </Text>
        <PostLink post={post} />
        <PostMediaThumbs post={post} size={40} />
        {post.caption && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {post.caption}
          </Text>
        )}
      </Stack>
    </Paper>
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
 * Approve (states the amount paid from the campaign budget) or reject (a reason the influencer reads is
 * required). The server's refusals (the most paid posts per influencer, the funded budget spent, someone else
 * reviewed it first) are shown in the dialog, which stays open.
 */
export function ReviewPostModal({
  request,
  onClose,
}: {
  request: ReviewRequest | null;
  onClose: () => void;
}) {
  const approve = useApprovePost();
  const reject = useRejectPost();
  const [failure, setFailure] = useState<string | null>(null);
  // A refusal (409: the cap or the budget reached, or already reviewed) would only be refused again.
  const [refused, setRefused] = useState(false);
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : API_MESSAGE.postRejectReasonRequired) },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    setRefused(false);
    approve.reset();
    onClose();
  };
  const post = request?.post;
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
      title={request?.action === 'reject' ? 'Reject this post?' : 'Approve this post?'}
      centered
    >
      {post && request?.action === 'approve' && (
        <Stack gap="md">
          <PostSummary post={post} />
          <Text size="sm">{approvalText(post)}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" title="The post was not approved">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
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
        </Stack>
      )}
      {post && request?.action === 'reject' && (
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
            <PostSummary post={post} />
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
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={reject.isPending}>
                Reject post
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
