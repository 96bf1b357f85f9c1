import { ActionIcon, Alert, Anchor, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import type { DiscoveryList } from '@reach/contract/discovery';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAllLists, useRemoveListInfluencer } from '../api/lists';
import { formatCompact, formatPercent } from '../utils/format';
import { InfluencerAvatar } from './influencer-avatar';
import { displayName } from './influencer-summary';
import { MemberBadge } from './member-badge';
import { PlatformLabel } from './platform-label';

/** One list opened: its influencers, each removable. */
export function ListMembersModal({ listId, onClose }: { listId: number | null; onClose: () => void }) {
  const lists = useAllLists({ enabled: listId !== null });
  const remove = useRemoveListInfluencer();
  const list: DiscoveryList | undefined = lists.data?.find((l) => l.id === listId);

  const removeMember = async (memberId: number, name: string) => {
    if (listId === null) return;
    try {
      await remove.mutateAsync({ listId, influencerId: memberId });
      toast.success(`${name} was removed from ${list?.name ?? 'the list'}.`);
    } catch (error) {
      console.error('Discovery list membership: could not remove', error);
      toast.error(errorMessage(error), { title: `${name} was not removed` });
    }
  };

  return (
    <Modal
      opened={listId !== null}
      onClose={onClose}
      title={list ? `${list.name} (${list.influencers.length})` : 'List'}
      size="lg"
      centered
    >
      <Stack gap="sm">
        {lists.isPending && <Loader size="sm" aria-label="Loading the list" />}
        {lists.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(lists.error)}
          </Alert>
        )}
        {lists.data && !list && (
          <Alert color="yellow" variant="light">
            This list no longer exists.
          </Alert>
        )}
        {list && list.influencers.length === 0 && (
          <Text size="sm" c="dimmed">
            No influencers in this list yet. Save some from a search.
          </Text>
        )}
        {list?.influencers.map((member) => {
          const data = member.influencer_data;
          const name = displayName(data);
          return (
            <Group key={member.id} gap="sm" wrap="nowrap" data-testid="list-member">
              <InfluencerAvatar picture={data.picture} name={name} size={40} />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fw={600} size="sm" truncate="end">
                  {name}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={data.url} target="_blank" rel="noopener noreferrer" size="xs" truncate="end">
                    @{data.username}
                  </Anchor>
                  <PlatformLabel platform={data.platform} />
                  {member.member && <MemberBadge />}
                </Group>
              </Stack>
              <Stack gap={0} align="flex-end" visibleFrom="xs">
                <Text size="sm" fw={600}>
                  {formatCompact(data.followers)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPercent(data.engagementRate)} ER
                </Text>
              </Stack>
              <Tooltip label="Remove from list" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name} from the list`}
                  onClick={() => void removeMember(member.id, name)}
                  loading={remove.isPending && remove.variables?.influencerId === member.id}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        <Group justify="space-between" mt="sm">
          <Button
            component={Link}
            to="/business/discovery/search"
            variant="subtle"
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Find more influencers
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
