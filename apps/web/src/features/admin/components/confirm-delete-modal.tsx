import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';

/**
 * Asks before deleting a reference row. The server decides whether it may go (anything in use answers 409):
 * its refusal is shown here, in the dialog, so the admin reads exactly what still uses the row.
 */
export function ConfirmDeleteModal({
  title,
  opened,
  onClose,
  onConfirm,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** Deletes; throws the API error when the server refuses. */
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Not deleted">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {failure ? 'Close' : 'Cancel'}
          </Button>
          {!failure && (
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                  close();
                } catch (error) {
                  setFailure(errorMessage(error));
                } finally {
                  setBusy(false);
                }
              }}
            >
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
