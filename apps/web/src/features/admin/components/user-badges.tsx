import { Badge, type BadgeProps, Stack, Text } from '@mantine/core';
import type { AdminUser, UserStatus } from '@reach/contract/admin-users';
import type { UserType } from '@reach/contract/constants';
import {
  subscriptionLabel,
  USER_STATUS_COLOR,
  USER_STATUS_LABEL,
  USER_TYPE_COLOR,
  USER_TYPE_LABEL,
} from '../utils/labels';

export function UserTypeBadge({ type, ...props }: { type: UserType } & BadgeProps) {
  return (
    <Badge color={USER_TYPE_COLOR[type]} variant="outline" {...props}>
      {USER_TYPE_LABEL[type]}
    </Badge>
  );
}

export function UserStatusBadge({ status, ...props }: { status: UserStatus } & BadgeProps) {
  return (
    <Badge color={USER_STATUS_COLOR[status]} variant="light" {...props}>
      {USER_STATUS_LABEL[status]}
    </Badge>
  );
}

/** A business's subscription state; a dash for other accounts. */
export function SubscriptionCell({ subscription }: { subscription: AdminUser['subscription'] }) {
  const label = subscriptionLabel(subscription);
  if (!label) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={label.color} variant="light" size="sm">
        {label.label}
      </Badge>
      {label.detail && (
        <Text size="xs" c="dimmed">
          {label.detail}
        </Text>
      )}
    </Stack>
  );
}
