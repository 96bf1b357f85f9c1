import { Text, Timeline } from '@mantine/core';
import { CONNECTION_STATUS_LABELS, type ConnectionDetail } from '@reach/contract/connections';
import { formatDateTime } from '../../../lib/format';

const WHAT: Record<string, string> = {
  invited: 'Invited',
  applied: 'Applied',
  accepted: 'Accepted',
  declined: 'Declined',
  completed: 'Marked completed',
  cancelled: 'Cancelled',
};

/** Every step of the connection: what happened, which side did it, and when. */
export function ConnectionTimeline({ connection }: { connection: ConnectionDetail }) {
  const who = (by: string) =>
    by === 'business'
      ? (connection.business.business_name ?? 'The business')
      : by === 'influencer'
        ? connection.influencer.name
        : 'REACH';
  return (
    <Timeline active={connection.events.length - 1} bulletSize={14} lineWidth={2}>
      {connection.events.map((event) => (
        <Timeline.Item
          key={`${event.to}-${event.at}`}
          title={WHAT[event.to] ?? CONNECTION_STATUS_LABELS[event.to]}
        >
          <Text size="xs" c="dimmed">
            by {who(event.by)} · {formatDateTime(event.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
