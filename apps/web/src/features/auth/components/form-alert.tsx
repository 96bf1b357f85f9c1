import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The API's message above a form (its per-field messages go under the inputs). */
export function FormAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {children}
      {action}
    </Alert>
  );
}
