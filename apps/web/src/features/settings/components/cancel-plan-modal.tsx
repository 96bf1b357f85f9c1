import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SubscriptionResponse } from '@reach/contract/billing';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCancelPlan } from '../api/subscription';
import { paidPlan, planName } from '../utils/plans';

export function CancelModal({
  subscription,
  opened,
  onClose,
}: {
  subscription: SubscriptionResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelPlan();
  const paid = paidPlan(subscription);
  const name = paid ? planName(subscription, paid) : 'paid';
  const end = formatDate(subscription.current_period_end);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(`Your ${name} plan will end on ${end || 'the end of this period'}.`);
      close();
    } catch {
      // Shown in the modal.
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Cancel your ${name} plan?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The cancellation takes effect at the end of the current period
          {end ? (
            <>
              , on <strong>{end}</strong>
            </>
          ) : null}
          . Until then you keep everything in your plan; nothing more is charged.
        </Text>
        <Text size="sm">
          After that the Free plan remains: campaigns, influencers, connections and posts need a paid plan
          again.
        </Text>
        {cancel.error && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Keep my plan
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending}>
            Cancel at period end
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
