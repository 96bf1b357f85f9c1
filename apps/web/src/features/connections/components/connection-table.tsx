import { Anchor, Avatar, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { Connection, ConnectionSortKey } from '@reach/contract/connections';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConnectionStatusBadge } from '../../../components/connection-badges';
import { formatDate } from '../../../lib/format';
import { campaignPath, connectionPath, counterpart, type Side } from '../utils/counterpart';
import { ConnectionActions } from './connection-actions';

type Sort = { sortBy: ConnectionSortKey; sortDesc: 'asc' | 'desc' };

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: ConnectionSortKey;
  sort: Sort;
  onSort: (key: ConnectionSortKey) => void;
}) {
  const active = sort.sortBy === column;
  const Icon = !active ? IconSelector : sort.sortDesc === 'desc' ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th aria-sort={active ? (sort.sortDesc === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Person({ connection, viewer }: { connection: Connection; viewer: Side }) {
  const other = counterpart(connection, viewer);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={other.avatar} name={other.name} color="initials" radius="xl" size={36} alt="" />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={connectionPath(viewer, connection.id)} fw={600} size="sm" truncate="end">
          {other.name}
        </Anchor>
        {other.detail && (
          <Text size="xs" c="dimmed" truncate="end">
            {other.detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Connections as a table (desktop): the other side, the campaign, status, last change, next steps. */
export function ConnectionTable({
  connections,
  viewer,
  sort,
  onSort,
}: {
  connections: Connection[];
  viewer: Side;
  sort: Sort;
  onSort: (key: ConnectionSortKey) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader
              label={viewer === 'business' ? 'Influencer' : 'Business'}
              column="name"
              sort={sort}
              onSort={onSort}
            />
            <SortHeader label="Campaign" column="campaign" sort={sort} onSort={onSort} />
            <SortHeader label="Status" column="status" sort={sort} onSort={onSort} />
            <SortHeader label="Updated" column="updated_at" sort={sort} onSort={onSort} />
            <Table.Th>
              <Text fw={600} fz="sm">
                Next step
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {connections.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td maw={260}>
                <Person connection={c} viewer={viewer} />
              </Table.Td>
              <Table.Td maw={240}>
                <Anchor
                  component={Link}
                  to={campaignPath(viewer, c.campaign.id)}
                  size="sm"
                  c="inherit"
                  lineClamp={2}
                >
                  {c.campaign.title ?? 'Untitled campaign'}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ConnectionStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(c.updated_at)}</Text>
              </Table.Td>
              <Table.Td>
                <ConnectionActions connection={c} compact />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Connections as cards (mobile). */
export function ConnectionCards({ connections, viewer }: { connections: Connection[]; viewer: Side }) {
  return (
    <Stack gap="sm">
      {connections.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Person connection={c} viewer={viewer} />
              <ConnectionStatusBadge status={c.status} style={{ flexShrink: 0 }} />
            </Group>
            <Text size="sm" lineClamp={2}>
              {c.campaign.title ?? 'Untitled campaign'}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Updated {formatDate(c.updated_at)}
              </Text>
              <UnstyledButton component={Link} to={connectionPath(viewer, c.id)} fz="sm" c="reach.7" fw={600}>
                Open
              </UnstyledButton>
            </Group>
            <ConnectionActions connection={c} compact />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
