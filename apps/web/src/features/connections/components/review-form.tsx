import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_TEXT_MAX_LENGTH } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useReviewConnection } from '../api/review-connection';

/** After completion: 1–5 stars and a few words about the other side, sent once. */
export function ReviewForm({ connectionId, subject }: { connectionId: number; subject: string }) {
  const review = useReviewConnection(connectionId);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<{ rating?: string; body?: string; form?: string }>({});

  const submit = async () => {
    const problems = {
      ...(rating < 1 ? { rating: API_MESSAGE.reviewRatingRange } : {}),
      ...(body.trim() ? {} : { body: API_MESSAGE.reviewTextRequired }),
    };
    setFailure(problems);
    if (Object.keys(problems).length) return;
    try {
      await review.mutateAsync({ rating, body });
      toast.success('Thank you, your review is published.');
    } catch (error) {
      setFailure({ form: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} id={`rating-${connectionId}`} mb={4}>
            Your rating of {subject}
          </Text>
          <Rating value={rating} onChange={setRating} size="lg" aria-labelledby={`rating-${connectionId}`} />
          {failure.rating && (
            <Text size="xs" c="red" mt={4}>
              {failure.rating}
            </Text>
          )}
        </div>
        <Textarea
          label="Your review"
          placeholder="How did the collaboration go?"
          autosize
          minRows={3}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={failure.body}
        />
        {failure.form && (
          <Text size="sm" c="red" role="alert">
            {failure.form}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={review.isPending}>
            Publish review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
