import { Badge, Tooltip } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';

/** "On REACH": the creator has an influencer account here (invite them in-app, message them). */
export function MemberBadge({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  return (
    <Tooltip label="This creator has a REACH account: invite and message them in the app" withArrow>
      <Badge
        size={size}
        variant="filled"
        color="indigo"
        leftSection={<IconUserCheck size={size === 'xs' ? 10 : 12} aria-hidden />}
        data-testid="member-badge"
      >
        On REACH
      </Badge>
    </Tooltip>
  );
}
