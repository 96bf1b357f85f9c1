import { Anchor, Text } from '@mantine/core';
import { DEV_MAILBOX_URL, useDevMailboxAvailable } from '../api/get-dev-outbox';

/** On development servers mail goes to an outbox instead of SMTP; this opens it to read the code. */
export function DevMailboxLink() {
  if (!useDevMailboxAvailable()) return null;
  return (
    <Text size="sm" c="dimmed" ta="center">
      Development server:{' '}
      <Anchor href={DEV_MAILBOX_URL} target="_blank" rel="noopener">
        open the dev mailbox
      </Anchor>{' '}
      to read the code.
    </Text>
  );
}
