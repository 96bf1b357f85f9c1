import {
  Alert,
  Anchor,
  Badge,
  type BadgeProps,
  Group,
  Paper,
  Select,
  type SelectProps,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  OUTREACH_SOURCE_LABELS,
  OUTREACH_STATUS_LABELS,
  OUTREACH_STATUSES,
  type OutreachPage,
  type OutreachRecord,
  type OutreachStatus,
} from '@reach/contract/outreach';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api-error';
import { formatDate } from '../lib/format';
import { PAGE_SIZES } from '../lib/paging';
import { ListPager } from './list-pager';

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
type OutreachListLinks = {
  showCampaign?: boolean;
  /** The page of a record's connection for the viewer, when they have one. */
  connectionPath?: (connectionId: number) => string;
  campaignPath?: (campaignId: number) => string;
};

export function OutreachList({
  records,
  showCampaign = false,
  connectionPath,
  campaignPath,
}: { records: readonly OutreachRecord[] } & OutreachListLinks) {
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

/** The status filter and the page of an outreach list: a new status or page size goes back to page 1. */
export function useOutreachPaging() {
  const [status, setStatus] = useState<OutreachStatus | null>(null);
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<number>(PAGE_SIZES[0]);
  return {
    status,
    page,
    items,
    setPage,
    setStatus: (next: OutreachStatus | null) => {
      setStatus(next);
      setPage(1);
    },
    setItems: (next: number) => {
      setItems(next);
      setPage(1);
    },
  };
}
export type OutreachPaging = ReturnType<typeof useOutreachPaging>;

/** How many records the counts add up to (every status). */
export const outreachCount = (counts: OutreachPage['counts'] | undefined): number =>
  counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : 0;

/**
 * The "Status" filter of an outreach list, each status with its count once the counts are in; `onlyPresent`
 * lists only the statuses some record has (and the chosen one).
 */
export function OutreachStatusSelect({
  counts,
  value,
  onChange,
  onlyPresent = false,
  w,
}: {
  counts: OutreachPage['counts'] | undefined;
  value: OutreachStatus | null;
  onChange: (status: OutreachStatus | null) => void;
  onlyPresent?: boolean;
  w: SelectProps['w'];
}) {
  const options = [
    { value: 'all', label: `All statuses${counts ? ` (${outreachCount(counts)})` : ''}` },
    ...OUTREACH_STATUSES.filter((s) => !onlyPresent || !counts || counts[s] > 0 || s === value).map((s) => ({
      value: s,
      label: `${OUTREACH_STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`,
    })),
  ];
  return (
    <Select
      label="Status"
      data={options}
      value={value ?? 'all'}
      onChange={(next) => onChange(OUTREACH_STATUSES.find((s) => s === next) ?? null)}
      allowDeselect={false}
      w={w}
    />
  );
}

/**
 * An outreach list's body: the error, the loading skeletons, the empty sentence, or the records with their
 * pager (dimmed while the next page loads).
 */
export function OutreachResults({
  result: { data, error, isPending, isPlaceholderData },
  errorTitle,
  empty,
  paging,
  ...links
}: {
  result: { data: OutreachPage | undefined; error: unknown; isPending: boolean; isPlaceholderData: boolean };
  errorTitle: string;
  /** The sentence shown when no record matches. */
  empty: string;
  paging: OutreachPaging;
} & OutreachListLinks) {
  return (
    <>
      {error ? (
        <Alert color="red" variant="light" role="alert" title={errorTitle}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      {isPending && !error && (
        <Stack gap="xs" aria-busy="true" aria-label="Loading outreach">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={64} />
          ))}
        </Stack>
      )}
      {data && data.total === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {data && data.total > 0 && (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <OutreachList records={data.data} {...links} />
          <ListPager
            page={paging.page}
            items={paging.items}
            total={data.total}
            onPage={paging.setPage}
            onItems={paging.setItems}
            noun="Invitations"
            sizes={PAGE_SIZES}
          />
        </div>
      )}
    </>
  );
}
