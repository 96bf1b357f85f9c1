import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminUserDetail, MAX_CREDIT_GRANT } from '@reach/contract/admin-users';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useGrantCredits } from '../api/grant-credits';
import { type StatusAction, useSetUserStatus } from '../api/set-user-status';

const COPY: Record<
  StatusAction,
  { title: string; body: string; confirm: string; color: string; done: string }
> = {
  suspend: {
    title: 'Suspend this account?',
    body: 'They are signed out everywhere at once and cannot sign in until you reactivate the account. Their data stays.',
    confirm: 'Suspend account',
    color: 'red',
    done: 'Account suspended. They have been signed out.',
  },
  reactivate: {
    title: 'Reactivate this account?',
    body: 'They can sign in again with their usual password or Google/Facebook.',
    confirm: 'Reactivate account',
    color: 'teal',
    done: 'Account reactivated. They can sign in again.',
  },
};

/** Confirms a suspension or reactivation, with an optional reason kept in the audit log. */
export function StatusModal({
  user,
  action,
  onClose,
}: {
  user: AdminUserDetail;
  action: StatusAction | null;
  onClose: () => void;
}) {
  const mutation = useSetUserStatus();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const copy = action ? COPY[action] : null;
  const close = () => {
    setReason('');
    setFailure(null);
    onClose();
  };
  return (
    <Modal opened={!!action} onClose={close} title={copy?.title} centered>
      {action && copy && (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setFailure(null);
            try {
              await mutation.mutateAsync({ id: user.id, action, reason: reason.trim() || undefined });
              toast.success(copy.done);
              close();
            } catch (error) {
              setFailure(applyApiError({ setErrors: () => undefined }, error));
            }
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              <Text span fw={600}>
                {user.name}
              </Text>{' '}
              ({user.email}): {copy.body}
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Textarea
              label="Reason"
              description="Optional. Kept in the account's history, not shown to them."
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              data-autofocus
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

type CreditsForm = { amount: number | string; reason: string };

/** Grants discovery credits to a business, with the reason (required) kept in the audit log. */
export function GrantCreditsModal({
  user,
  opened,
  onClose,
}: {
  user: AdminUserDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const mutation = useGrantCredits();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreditsForm>({
    initialValues: { amount: 100, reason: '' },
    validate: {
      amount: (value) =>
        typeof value !== 'number' || !Number.isInteger(value) || value < 1
          ? 'Grant at least 1 credit.'
          : value > MAX_CREDIT_GRANT
            ? `Grant at most ${MAX_CREDIT_GRANT.toLocaleString('en-US')} credits at once.`
            : null,
      reason: (value) => (value.trim() ? null : 'Say why the credits are granted.'),
    },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Grant discovery credits" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          setFailure(null);
          try {
            const updated = await mutation.mutateAsync({
              id: user.id,
              amount: Number(values.amount),
              reason: values.reason.trim(),
            });
            toast.success(
              `${Number(values.amount).toLocaleString('en-US')} credits granted. New balance: ${updated.credits.toLocaleString('en-US')}.`,
            );
            close();
          } catch (error) {
            setFailure(applyApiError(form, error));
          }
        })}
      >
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {user.name}
            </Text>{' '}
            has {user.credits.toLocaleString('en-US')} credits. Each page of discovery results uses credits;
            the business is notified of the grant.
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <NumberInput
            label="Credits to grant"
            required
            min={1}
            max={MAX_CREDIT_GRANT}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Textarea
            label="Reason"
            required
            placeholder="e.g. Compensation for the search outage on 11/20"
            maxLength={500}
            autosize
            minRows={2}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Grant credits
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
