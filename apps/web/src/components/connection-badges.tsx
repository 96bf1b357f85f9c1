import { Badge, type BadgeProps } from '@mantine/core';
import { CONNECTION_STATUS_LABELS, type ConnectionStatus } from '@reach/contract/connections';

const STATUS_COLOR: Record<ConnectionStatus, string> = {
  invited: 'blue',
  applied: 'grape',
  accepted: 'teal',
  completed: 'green',
  declined: 'red',
  cancelled: 'gray',
};

export function ConnectionStatusBadge({ status, ...props }: { status: ConnectionStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" {...props}>
      {CONNECTION_STATUS_LABELS[status]}
    </Badge>
  );
}
