import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Spoiler,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AdminFeedback,
  FEEDBACK_SORT_KEYS,
  type FeedbackSortKey,
  type FeedbackStatus,
} from '@reach/contract/feedback';
import { IconCheck, IconMessageReport, IconRotate, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { SortableTh } from '../../../components/sortable-th';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useFeedback } from '../api/list-feedback';
import { useUpdateFeedback } from '../api/update-feedback';
import { ListStates } from '../components/list-states';
import { useListState } from '../hooks/use-list-state';

/** The status filter: open items by default (the to-do), resolved ones, or everything. */
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

function StatusBadge({ item }: { item: AdminFeedback }) {
  return (
    <Badge
      color={item.status === 'open' ? 'orange' : 'teal'}
      variant="light"
      size="sm"
      style={{ flexShrink: 0 }}
    >
      {item.status === 'open' ? 'Open' : 'Resolved'}
    </Badge>
  );
}

function Sender({ item }: { item: AdminFeedback }) {
  if (!item.user) return <Text c="dimmed">Deleted account</Text>;
  return (
    <Stack gap={0} miw={0}>
      <Anchor component={Link} to={`/admin/users?user=${item.user.id}`} size="sm" fw={500} lineClamp={1}>
        {item.user.name}
      </Anchor>
      <Text size="xs" c="dimmed" truncate="end">
        {item.user.email} · {item.user.type}
      </Text>
    </Stack>
  );
}

function Message({ item }: { item: AdminFeedback }) {
  return (
    <Spoiler maxHeight={66} showLabel="Show more" hideLabel="Show less">
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {item.content}
      </Text>
    </Spoiler>
  );
}

/** /admin/feedback: what users sent from the Help dialog, with the page and sender; resolve or reopen. */
export default function AdminFeedbackRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({
    sortKeys: FEEDBACK_SORT_KEYS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    filters: ['status'],
  });
  const statusFilter =
    list.filters.status === 'resolved' || list.filters.status === 'all' ? list.filters.status : 'open';
  const update = useUpdateFeedback();
  const [busyId, setBusyId] = useState<number | null>(null);

  const { data, error, isPending, isPlaceholderData } = useFeedback({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    status: statusFilter === 'all' ? undefined : (statusFilter as FeedbackStatus),
  });

  const setStatus = async (item: AdminFeedback, status: FeedbackStatus) => {
    setBusyId(item.id);
    try {
      await update.mutateAsync({ id: item.id, status });
      toast.success(status === 'resolved' ? 'Marked as resolved.' : 'Reopened.');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusyId(null);
    }
  };

  const action = (item: AdminFeedback) =>
    item.status === 'open' ? (
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconCheck size={14} aria-hidden />}
        loading={busyId === item.id}
        onClick={() => setStatus(item, 'resolved')}
        aria-label={`Resolve feedback from ${item.user?.name ?? 'a deleted account'}`}
      >
        Resolve
      </Button>
    ) : (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRotate size={14} aria-hidden />}
        loading={busyId === item.id}
        onClick={() => setStatus(item, 'open')}
        aria-label={`Reopen feedback from ${item.user?.name ?? 'a deleted account'}`}
      >
        Reopen
      </Button>
    );

  const sort = { sortBy: list.sortBy, sortDesc: list.sortDesc };
  const th = (key: FeedbackSortKey, label: string) => (
    <SortableTh sortKey={key} sort={sort} onSort={list.toggleSort}>
      {label}
    </SortableTh>
  );
  const resolvedNote = (item: AdminFeedback) =>
    item.status === 'resolved' && item.resolved_at
      ? `Resolved ${formatDateTime(item.resolved_at)}${item.resolved_by ? ` by ${item.resolved_by.name}` : ''}`
      : null;

  return (
    <>
      <PageHeader
        title="Feedback"
        description="What people sent from the Help dialog, with the page they were on. Resolve items once they are handled."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap" justify="space-between">
            {isMobile ? (
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={statusFilter}
                onChange={(value) => list.update({ status: value === 'open' ? null : value })}
                allowDeselect={false}
                w="100%"
              />
            ) : (
              <SegmentedControl
                aria-label="Filter by status"
                data={STATUS_OPTIONS}
                value={statusFilter}
                onChange={(value) => list.update({ status: value === 'open' ? null : value })}
              />
            )}
            <TextInput
              label="Search feedback"
              placeholder="Message, page or sender"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              w={isMobile ? '100%' : 300}
              {...list.searchInput}
            />
          </Group>

          <ListStates
            noun="feedback items"
            error={error}
            isPending={isPending}
            total={data?.total}
            filtered={!!list.search || statusFilter !== 'open'}
            onClear={list.clear}
            empty={
              <Stack align="center" gap="xs" py="xl">
                <IconMessageReport size={28} aria-hidden color="var(--mantine-color-gray-5)" />
                <Text fw={600}>No open feedback</Text>
                <Text size="sm" c="dimmed">
                  Everything sent from the Help dialog has been handled.
                </Text>
              </Stack>
            }
          />
          {data && data.total > 0 && (
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {isMobile ? (
                <Stack gap="sm">
                  {data.data.map((item) => (
                    <Paper key={item.id} withBorder p="md" radius="md">
                      <Stack gap={8}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Code style={{ overflowWrap: 'anywhere' }}>{item.reported_page || '—'}</Code>
                          <StatusBadge item={item} />
                        </Group>
                        <Message item={item} />
                        <Sender item={item} />
                        <Text size="xs" c="dimmed">
                          {formatDateTime(item.created_at)}
                          {resolvedNote(item) ? ` · ${resolvedNote(item)}` : ''}
                        </Text>
                        <Group justify="flex-end">{action(item)}</Group>
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={900}>
                  <Table verticalSpacing="sm" aria-label="Feedback">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Message</Table.Th>
                        {th('reported_page', 'Page')}
                        <Table.Th>From</Table.Th>
                        {th('created_at', 'Sent')}
                        {th('status', 'Status')}
                        <Table.Th w={120} />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((item) => (
                        <Table.Tr key={item.id} style={{ verticalAlign: 'top' }}>
                          <Table.Td maw={380}>
                            <Message item={item} />
                          </Table.Td>
                          <Table.Td maw={200}>
                            <Code style={{ overflowWrap: 'anywhere' }}>{item.reported_page || '—'}</Code>
                          </Table.Td>
                          <Table.Td maw={220}>
                            <Sender item={item} />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(item.created_at)}
                          </Table.Td>
                          <Table.Td>
                            <Stack gap={2} align="flex-start">
                              <StatusBadge item={item} />
                              {resolvedNote(item) && (
                                <Text size="xs" c="dimmed">
                                  {resolvedNote(item)}
                                </Text>
                              )}
                            </Stack>
                          </Table.Td>
                          <Table.Td>{action(item)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <ListPager
                noun="feedback items"
                page={list.page}
                items={list.items}
                total={data.total}
                onPage={(page) => list.update({ page })}
                onItems={(items) => list.update({ items })}
              />
            </div>
          )}
        </Stack>
      </Paper>
    </>
  );
}
