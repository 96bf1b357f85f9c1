import {
  ActionIcon,
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DISCOVERY_LIST_NAME_MAX_LENGTH, type DiscoveryListSummary } from '@reach/contract/discovery';
import {
  IconDots,
  IconList,
  IconPlus,
  IconSearch,
  IconSend,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatDate } from '../../../lib/format';
import { CARD_PAGE_SIZES } from '../../../lib/paging';
import { useCurrentUser } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useCreateList, useDeleteList, useListsPage } from '../api/lists';
import { ImportListModal } from '../components/import-list-modal';
import { ListMembersModal } from '../components/list-members-modal';

/** /business/discovery: the discovery menu — Search, and the business's lists. */
export default function DiscoveryMenuRoute() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<number>(CARD_PAGE_SIZES[0]);
  const lists = useListsPage({ page, items, sortBy: 'name', sortDesc: 'asc' });
  const create = useCreateList();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [importing, setImporting] = useState<DiscoveryListSummary | null>(null);
  const [deleting, setDeleting] = useState<DiscoveryListSummary | null>(null);

  const createList = async () => {
    if (!name.trim()) {
      setNameError('Enter a name for the list.');
      return;
    }
    setNameError(null);
    try {
      const list = await create.mutateAsync(name.trim());
      toast.success(`${list.name} is ready. Save influencers to it from a search.`);
      setName('');
    } catch (error) {
      setNameError(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Discovery"
        description="Find influencers in a database of over 250M profiles, keep them in lists and invite them to your campaigns."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconSearch size={22} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                Search
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              Filter by platform, location, followers, engagement, audience and more, or find influencers
              similar to one you like. Each page of results uses one credit; you have{' '}
              {formatCount(user.credits)}.
            </Text>
            <Button component={Link} to="/business/discovery/search" mt="auto" w="fit-content">
              Search influencers
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm" h="100%">
            <Group gap="sm">
              <ThemeIcon size={40} radius="md" variant="light" color="grape">
                <IconList size={22} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                Lists
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              Keep the influencers you find in lists, then invite a whole list to one of your campaigns.
            </Text>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void createList();
              }}
              style={{ marginTop: 'auto' }}
            >
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label="New list name"
                  placeholder="New list name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  maxLength={DISCOVERY_LIST_NAME_MAX_LENGTH}
                  error={nameError}
                  style={{ flex: 1 }}
                />
                <Button
                  type="submit"
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  loading={create.isPending}
                >
                  Create list
                </Button>
              </Group>
            </form>
          </Stack>
        </Card>
      </SimpleGrid>

      <Title order={2} fz="lg" mb="sm">
        Your lists
      </Title>
      {lists.error && (
        <Alert color="red" variant="light" role="alert" title="We could not load your lists">
          {errorMessage(lists.error)}
        </Alert>
      )}
      {lists.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Loading lists">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={120} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {lists.data && lists.data.total === 0 && (
        <EmptyState
          icon={<IconList size={28} aria-hidden />}
          title="No lists yet"
          description="Create a list above, or save influencers to a new list straight from a search."
          py="xl"
        />
      )}
      {lists.data && lists.data.total > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {lists.data.data.map((list) => (
              <Paper key={list.id} withBorder radius="lg" p="md" data-testid="discovery-list">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700} truncate="end" title={list.name}>
                      {list.name}
                    </Text>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconSend size={16} aria-hidden />}
                          onClick={() => setImporting(list)}
                          disabled={list.influencers_count === 0}
                        >
                          Invite the list to a campaign
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          onClick={() => setDeleting(list)}
                        >
                          Delete list
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                  <Group gap={6}>
                    <IconUsers size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                    <Text size="sm" c="dimmed">
                      {list.influencers_count} {list.influencers_count === 1 ? 'influencer' : 'influencers'} ·
                      created {formatDate(list.created_at)}
                    </Text>
                  </Group>
                  <Button variant="light" size="xs" w="fit-content" onClick={() => setOpened(list.id)}>
                    Open list
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <ListPager
            page={page}
            items={items}
            total={lists.data.total}
            onPage={setPage}
            onItems={(n) => {
              setItems(n);
              setPage(1);
            }}
            noun="lists"
            sizes={CARD_PAGE_SIZES}
          />
        </>
      )}

      <ListMembersModal listId={opened} onClose={() => setOpened(null)} />
      <ImportListModal list={importing} onClose={() => setImporting(null)} />
      <DeleteListModal list={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function DeleteListModal({ list, onClose }: { list: DiscoveryListSummary | null; onClose: () => void }) {
  const remove = useDeleteList();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!list) return;
    try {
      await remove.mutateAsync(list.id);
      toast.success(`${list.name} was deleted.`);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal opened={!!list} onClose={close} title="Delete this list?" centered>
      <Stack gap="md">
        <Text size="sm">
          <strong>{list?.name}</strong> and its {list?.influencers_count ?? 0}{' '}
          {list?.influencers_count === 1 ? 'influencer' : 'influencers'} will be deleted. The influencers stay
          in the search; invitations already sent are not affected.
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Not deleted">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete list
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
