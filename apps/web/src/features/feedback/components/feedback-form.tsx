import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOAST_DURATION_MS } from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSendFeedback } from '../api/send-feedback';

/** Spec §5 and §8: the message is required; toasts for success and failure (2 s, top-center). */
export default function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { content: '' },
    validate: { content: (value) => (value.trim() ? null : SPEC_TEXT.feedbackRequired) },
  });

  const submit = form.onSubmit(({ content }) => {
    send.mutate(
      { reported_page: pathname, content: content.trim() },
      {
        onSuccess: () => {
          toast.success(SPEC_TEXT.feedbackSuccess);
          form.reset();
          onDone();
        },
        onError: (error) => {
          // The server repeats the required rule; show it under the field like the client-side check.
          if (error instanceof ApiError && error.fields?.content) {
            form.setFieldError('content', error.fields.content);
            return;
          }
          toast.error(SPEC_TEXT.feedbackFailure, { title: null, autoClose: TOAST_DURATION_MS });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tell us what went wrong or what you need. We will see which page you sent this from.
        </Text>
        <Textarea
          label="Message"
          placeholder="Describe the problem or your question"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          data-autofocus
          key={form.key('content')}
          {...form.getInputProps('content')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send feedback
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
