import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The API's message above a form (its per-field messages go under the inputs). */
export function FormAlert({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
    >
      {children}
    </Alert>
  );
}
