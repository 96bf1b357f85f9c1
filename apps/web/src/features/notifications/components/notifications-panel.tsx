import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { NOTIFICATIONS_PAGE_SIZE } from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { Notification } from '@reach/contract/notifications';
import { IconChecks, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

/**
 * The notifications table of spec §2: 5 rows per page, newest first, with mark-one-read (the row's link or its
 * button) and mark-all-read. `onNavigate` runs when a notification's link is followed (to close the popover).
 */
export default function NotificationsPanel({
  userId,
  onNavigate,
  withTitle = true,
}: {
  userId: number;
  onNavigate?: () => void;
  /** Off where the container already titles it (the mobile drawer). */
  withTitle?: boolean;
}) {
  const [page, setPage] = useState(1);
  const query = useNotifications(userId, page);
  const markRead = useMarkRead();
  const total = query.data?.total ?? 0;
  const unread = query.data?.unread ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const markingAll = markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables;

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ id: notification.id });
    onNavigate?.();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box>
          {withTitle && (
            <Title order={2} fz="md">
              Notifications
            </Title>
          )}
          <Text size="xs" c="dimmed" aria-live="polite">
            {unread === 0 ? 'All caught up' : `${unread} unread`}
          </Text>
        </Box>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={16} aria-hidden />}
          onClick={() => markRead.mutate({ all: true })}
          loading={markingAll}
          disabled={unread === 0}
        >
          Mark all read
        </Button>
      </Group>

      {query.isPending ? (
        <Center py="xl" role="status" aria-label="Loading notifications">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          We could not load your notifications. Please try again later.
        </Text>
      ) : query.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {SPEC_TEXT.noNotifications}
        </Text>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" highlightOnHover aria-label="Notifications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Notification</Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={() => open(notification)}
                onMarkRead={() => markRead.mutate({ id: notification.id })}
                marking={
                  markRead.isPending &&
                  markRead.variables !== undefined &&
                  'id' in markRead.variables &&
                  markRead.variables.id === notification.id
                }
              />
            ))}
          </Table.Tbody>
        </Table>
      )}

      {pages > 1 && (
        <Center>
          <Pagination
            size="sm"
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Center>
      )}
    </Stack>
  );
}

function NotificationRow({
  notification,
  onOpen,
  onMarkRead,
  marking,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
  marking: boolean;
}) {
  const unread = notification.read === 0;
  return (
    <Table.Tr bg={unread ? 'var(--mantine-color-reach-0)' : undefined}>
      <Table.Td>
        <Group gap={8} wrap="nowrap" align="flex-start">
          <Box
            mt={7}
            w={8}
            h={8}
            style={{
              flex: 'none',
              borderRadius: '50%',
              background: unread ? 'var(--mantine-color-reach-6)' : 'transparent',
            }}
            aria-hidden
          />
          <Box miw={0}>
            {notification.link ? (
              <Anchor
                component={Link}
                to={notification.link}
                onClick={onOpen}
                size="sm"
                fw={unread ? 600 : 400}
                c="var(--mantine-color-text)"
                style={{ overflowWrap: 'anywhere' }}
              >
                {notification.body}
              </Anchor>
            ) : (
              <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {notification.body}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.created_at)}
              {unread && <VisuallyHidden> (unread)</VisuallyHidden>}
            </Text>
          </Box>
        </Group>
      </Table.Td>
      <Table.Td>
        {unread ? (
          <Tooltip label="Mark as read" withinPortal={false}>
            <ActionIcon
              variant="subtle"
              onClick={onMarkRead}
              loading={marking}
              aria-label={`Mark as read: ${notification.body}`}
            >
              <IconCircleCheck size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
