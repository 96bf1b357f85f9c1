import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The API's message above a form (its per-field messages go under the inputs), with an optional action. */
export function FormAlert({
  children,
  title,
  action,
}: {
  children: ReactNode;
  title?: string;
  action?: ReactNode;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
    >
      {children}
      {action}
    </Alert>
  );
}
