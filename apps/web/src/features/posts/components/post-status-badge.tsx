import { Badge, type BadgeProps } from '@mantine/core';
import { POST_STATUS_LABELS, type PostStatus } from '@reach/contract/post-constants';

const COLORS: Record<PostStatus, string> = { submitted: 'yellow', approved: 'teal', rejected: 'red' };

export function PostStatusBadge({ status, ...props }: { status: PostStatus } & BadgeProps) {
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} {...props}>
      {POST_STATUS_LABELS[status]}
    </Badge>
  );
}
