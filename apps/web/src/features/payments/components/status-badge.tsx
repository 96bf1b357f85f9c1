import { Badge, Tooltip } from '@mantine/core';

const LOOK: Record<string, { label: string; color: string }> = {
  succeeded: { label: 'Paid', color: 'teal' },
  paid: { label: 'Paid', color: 'teal' },
  pending: { label: 'Processing', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  open: { label: 'Open', color: 'blue' },
  void: { label: 'Void', color: 'gray' },
  refunded: { label: 'Refunded', color: 'grape' },
  partially_refunded: { label: 'Partly refunded', color: 'grape' },
};

/** The state of a charge, refund, payout or invoice; a failure's reason on hover and for screen readers. */
export function PaymentStatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const look = LOOK[status] ?? { label: status, color: 'gray' };
  const badge = (
    <Badge color={look.color} variant="light" aria-label={reason ? `${look.label}: ${reason}` : undefined}>
      {look.label}
    </Badge>
  );
  return reason ? (
    <Tooltip label={reason} withArrow multiline w={240}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
