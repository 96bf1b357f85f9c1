import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Connection, ConnectionAction } from '@reach/contract/connections';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTransitionConnection } from '../api/transition-connection';

const DONE: Record<ConnectionAction, string> = {
  accept: 'Connection accepted.',
  decline: 'Connection declined.',
  cancel: 'Connection cancelled.',
  complete: 'Collaboration marked completed.',
};

/** What each step asks before it happens (accepting needs no confirmation). */
const CONFIRM: Partial<
  Record<ConnectionAction, { title: string; text: string; button: string; color: string }>
> = {
  decline: {
    title: 'Decline this connection?',
    text: 'The other side is told. A declined connection cannot be accepted later.',
    button: 'Decline',
    color: 'red',
  },
  cancel: {
    title: 'Cancel this collaboration?',
    text: 'The other side is told, and the connection ends. You can start a new one later.',
    button: 'Cancel collaboration',
    color: 'red',
  },
  complete: {
    title: 'Mark this collaboration completed?',
    text: 'Do this once the agreed posts are done. Both of you can then leave a review.',
    button: 'Mark completed',
    color: 'teal',
  },
};

/**
 * The steps the API says this viewer may take now (`abilities`), as buttons; declining, cancelling and
 * completing ask first. `compact` renders small buttons for list rows.
 */
export function ConnectionActions({
  connection,
  compact = false,
}: {
  connection: Connection;
  compact?: boolean;
}) {
  const transition = useTransitionConnection();
  const [asking, setAsking] = useState<ConnectionAction | null>(null);
  const { abilities } = connection;
  const size = compact ? 'xs' : 'sm';

  const run = async (action: ConnectionAction) => {
    try {
      await transition.mutateAsync({ id: connection.id, action });
      toast.success(DONE[action]);
      setAsking(null);
    } catch (error) {
      toast.error(errorMessage(error), { title: null, autoClose: 4000 });
    }
  };
  const pending = (action: ConnectionAction) =>
    transition.isPending && transition.variables?.action === action;
  const confirm = asking ? CONFIRM[asking] : undefined;

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {abilities.accept && (
          <Button
            size={size}
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={pending('accept')}
            onClick={() => void run('accept')}
          >
            Accept
          </Button>
        )}
        {abilities.decline && (
          <Button
            size={size}
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setAsking('decline')}
          >
            Decline
          </Button>
        )}
        {abilities.complete && (
          <Button
            size={size}
            color="teal"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={() => setAsking('complete')}
          >
            Mark completed
          </Button>
        )}
        {/* The answering side of a pending connection declines rather than cancels. */}
        {abilities.cancel && !abilities.decline && !compact && (
          <Button size={size} variant="subtle" color="red" onClick={() => setAsking('cancel')}>
            {connection.status === 'accepted' ? 'Cancel collaboration' : 'Withdraw'}
          </Button>
        )}
      </Group>
      <Modal opened={!!confirm} onClose={() => setAsking(null)} title={confirm?.title} centered>
        <Stack gap="md">
          <Text size="sm">{confirm?.text}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(null)}>
              Back
            </Button>
            <Button
              color={confirm?.color}
              loading={transition.isPending}
              onClick={() => asking && void run(asking)}
            >
              {confirm?.button}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
