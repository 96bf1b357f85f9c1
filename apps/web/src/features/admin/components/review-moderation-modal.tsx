import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminReview, REVIEW_REASON_MAX_LENGTH, type ReviewStatus } from '@reach/contract/admin-reviews';
import { API_MESSAGE } from '@reach/contract/messages';
import { useState } from 'react';
import { StarRating } from '../../../components/star-rating';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useModerateReview } from '../api/moderate-review';
import { moderationToast } from '../utils/labels';

export type ModerationRequest = { review: AdminReview; status: ReviewStatus };

const COPY: Record<
  ReviewStatus,
  { title: string; confirm: string; color: string; placeholder: string; body: (r: AdminReview) => string }
> = {
  hidden: {
    title: 'Hide this review?',
    confirm: 'Hide review',
    color: 'red',
    placeholder: 'e.g. Shares personal contact details',
    body: (r) =>
      `It leaves ${r.subject.name}'s public profile and stops counting toward their rating. ${r.author.name} still sees it, marked as hidden, and is notified.`,
  },
  visible: {
    title: 'Show this review again?',
    confirm: 'Show review',
    color: 'teal',
    placeholder: 'e.g. Hidden by mistake',
    body: (r) =>
      `It returns to ${r.subject.name}'s public profile and counts toward their rating again. ${r.author.name} is notified.`,
  },
};

/** Confirms hiding or showing a review; the reason (required) is kept in the audit log with the admin. */
export function ReviewModerationModal({
  request,
  onClose,
}: {
  request: ModerationRequest | null;
  onClose: () => void;
}) {
  const mutation = useModerateReview();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : API_MESSAGE.reviewReasonRequired) },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const copy = request ? COPY[request.status] : null;
  return (
    <Modal opened={!!request} onClose={close} title={copy?.title} centered>
      {request && copy && (
        <form
          noValidate
          onSubmit={form.onSubmit(async ({ reason }) => {
            setFailure(null);
            const { review, status } = request;
            try {
              const updated = await mutation.mutateAsync({ id: review.id, status, reason: reason.trim() });
              toast.success(
                moderationToast(status, review.subject.name, review.subject.rating, updated.subject.rating),
              );
              close();
            } catch (error) {
              setFailure(applyApiError(form, error));
            }
          })}
        >
          <Stack gap="md">
            <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {request.review.author.name} → {request.review.subject.name}
                  </Text>
                  <StarRating value={request.review.rating} size="xs" />
                </Group>
                <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {request.review.body}
                </Text>
              </Stack>
            </Paper>
            <Text size="sm">{copy.body(request.review)}</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Textarea
              label="Reason"
              description="Kept in the audit log with your name. Not shown to the author."
              placeholder={copy.placeholder}
              required
              maxLength={REVIEW_REASON_MAX_LENGTH}
              autosize
              minRows={2}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color={copy.color} loading={mutation.isPending}>
                {copy.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
