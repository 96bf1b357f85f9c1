import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The prompts of spec §2 (subscription, incomplete profile, trial): a message with 'Later' and an action that
 * opens the page where the user can fix it.
 */
export function PromptModal({
  opened,
  title,
  children,
  actionLabel = SPEC_TEXT.takeMeThere,
  actionTo,
  onClose,
  onAction,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  actionLabel?: string;
  actionTo: string;
  onClose: () => void;
  onAction: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {SPEC_TEXT.later}
          </Button>
          <Button component={Link} to={actionTo} onClick={onAction}>
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
