import { Anchor, Badge, type BadgeProps, Group, Paper, Stack, Text } from '@mantine/core';
import {
  OUTREACH_SOURCE_LABELS,
  OUTREACH_STATUS_LABELS,
  type OutreachRecord,
  type OutreachStatus,
} from '@reach/contract/outreach';
import { Link } from 'react-router';
import { formatDate } from '../lib/format';

const STATUS_COLOR: Record<OutreachStatus, string> = {
  not_sent: 'gray',
  queued: 'yellow',
  sent: 'blue',
  bounced: 'red',
  failed: 'red',
  opened: 'cyan',
  invited: 'indigo',
  signed_up: 'grape',
  applied: 'violet',
  accepted: 'teal',
  declined: 'orange',
  cancelled: 'gray',
};

/** An outreach record's status: colour and words (never colour alone). */
export function OutreachStatusBadge({ status, ...props }: { status: OutreachStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" {...props}>
      {OUTREACH_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The dates a record went through, in order, MM/DD/YYYY. */
function milestones(record: OutreachRecord): string[] {
  const steps: [string, string | null][] = [
    ['Added', record.created_at],
    ['Sent', record.sent_at],
    ['Opened', record.opened_at],
    ['Signed up', record.signed_up_at],
    [record.status === 'declined' ? 'Declined' : 'Answered', record.responded_at],
  ];
  return steps.filter(([, at]) => at).map(([label, at]) => `${label} ${formatDate(at)}`);
}

/**
 * Outreach records as a list that reads the same at any width: who, the status badge, where they came from
 * (and the campaign when several are listed), the reason of a failure, the dates, and the connection once
 * there is one.
 */
export function OutreachList({
  records,
  showCampaign = false,
  connectionPath,
  campaignPath,
}: {
  records: readonly OutreachRecord[];
  showCampaign?: boolean;
  /** The page of a record's connection for the viewer, when they have one. */
  connectionPath?: (connectionId: number) => string;
  campaignPath?: (campaignId: number) => string;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Outreach">
      {records.map((record) => {
        const contact = [
          record.instagram_username ? `@${record.instagram_username}` : null,
          record.email,
        ].filter((v): v is string => !!v && v !== record.name);
        return (
          <Paper key={record.id} component="li" withBorder p="sm" radius="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {record.name}
                  </Text>
                  {contact.length > 0 && (
                    <Text size="xs" c="dimmed" truncate>
                      {contact.join(' · ')}
                    </Text>
                  )}
                </Stack>
                <OutreachStatusBadge status={record.status} style={{ flexShrink: 0 }} />
              </Group>
              <Text size="xs" c="dimmed">
                {OUTREACH_SOURCE_LABELS[record.source]}
                {showCampaign && (
                  <>
                    {' · '}
                    {campaignPath ? (
                      <Anchor component={Link} to={campaignPath(record.campaign_id)} size="xs">
                        {record.campaign_title ?? 'Untitled campaign'}
                      </Anchor>
                    ) : (
                      (record.campaign_title ?? 'Untitled campaign')
                    )}
                  </>
                )}
                {' · '}
                {milestones(record).join(' · ')}
              </Text>
              {record.reason && (
                <Text size="xs" c={record.status === 'not_sent' ? 'dimmed' : 'red.8'}>
                  {record.status === 'not_sent' ? '' : 'Reason: '}
                  {record.reason}
                </Text>
              )}
              {record.connection_id !== null && connectionPath && (
                <Anchor component={Link} to={connectionPath(record.connection_id)} size="xs" fw={600}>
                  Open connection
                </Anchor>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
