import {
  Anchor,
  Avatar,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { AdminUser, UserSortKey } from '@reach/contract/admin-users';
import { SortableTh, type SortState } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import { SubscriptionCell, UserStatusBadge, UserTypeBadge } from './user-badges';

type Props = {
  users: AdminUser[];
  onOpen: (id: number) => void;
};

function Person({ user, onOpen }: { user: AdminUser; onOpen: (id: number) => void }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={user.avatar_url} name={user.name} color="initials" radius="xl" size={34} alt="" />
      <Stack gap={0} miw={0}>
        <Anchor
          component="button"
          type="button"
          fw={600}
          ta="left"
          onClick={() => onOpen(user.id)}
          lineClamp={1}
        >
          <VisuallyHidden>Open </VisuallyHidden>
          {user.name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** Accounts as a table with sortable headers (desktop). */
export function UserTable({
  users,
  onOpen,
  sort,
  onSort,
}: Props & { sort: SortState<UserSortKey>; onSort: (key: UserSortKey) => void }) {
  const th = (key: UserSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh sortKey={key} sort={sort} onSort={onSort} align={align}>
      {label}
    </SortableTh>
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            {th('name', 'User')}
            {th('type', 'Type')}
            {th('status', 'Status')}
            <Table.Th>Subscription</Table.Th>
            {th('credits', 'Credits', 'right')}
            {th('created_at', 'Created')}
            {th('last_seen_at', 'Last sign-in')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td maw={320}>
                <Person user={user} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <UserTypeBadge type={user.type} size="sm" />
              </Table.Td>
              <Table.Td>
                <UserStatusBadge status={user.status} size="sm" />
              </Table.Td>
              <Table.Td>
                <SubscriptionCell subscription={user.subscription} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {user.type === 'business' ? user.credits.toLocaleString('en-US') : '—'}
              </Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>{formatDate(user.last_seen_at) || <Text c="dimmed">Never</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same accounts as stacked cards for narrow screens. */
export function UserCards({ users, onOpen }: Props) {
  return (
    <Stack gap="sm">
      {users.map((user) => (
        <Paper key={user.id} withBorder p="md" radius="md">
          <UnstyledButton onClick={() => onOpen(user.id)} w="100%" style={{ display: 'block' }}>
            {/* Named "Open <name>, <email>, …": the initials are decoration beside the name. */}
            <VisuallyHidden>Open </VisuallyHidden>
            <Stack gap={8}>
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={user.avatar_url}
                  name={user.name}
                  color="initials"
                  radius="xl"
                  size={34}
                  alt=""
                  aria-hidden
                />
                <Stack gap={0} miw={0}>
                  <Text fw={600} truncate="end">
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {user.email}
                  </Text>
                </Stack>
              </Group>
              <Group gap={6}>
                <UserTypeBadge type={user.type} size="sm" />
                <UserStatusBadge status={user.status} size="sm" />
              </Group>
              {user.type === 'business' && (
                <Group justify="space-between" align="flex-start">
                  <SubscriptionCell subscription={user.subscription} />
                  <Text size="sm">
                    <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {user.credits.toLocaleString('en-US')}
                    </Text>{' '}
                    credits
                  </Text>
                </Group>
              )}
              <Text size="xs" c="dimmed">
                Joined {formatDate(user.created_at)}
                {user.last_seen_at ? ` · last sign-in ${formatDate(user.last_seen_at)}` : ''}
              </Text>
            </Stack>
          </UnstyledButton>
        </Paper>
      ))}
    </Stack>
  );
}
