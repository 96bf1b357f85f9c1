import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DISCOVERY_LIST_NAME_MAX_LENGTH, type DiscoveryEntry } from '@reach/contract/discovery';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  addListInfluencer,
  removeListInfluencer,
  useAllLists,
  useCreateList,
  useReloadLists,
} from '../api/lists';
import { membership, membershipChanges } from '../utils/list-membership';
import { displayName } from './influencer-summary';

/**
 * Save to lists (spec §4): a checkbox per list, ticked where the influencer already is, and a new list created
 * inline. Saving adds them to the newly ticked lists, removes them from the unticked ones, then reloads all
 * lists. A change that fails is logged and named here; the others still happen.
 */
export function SaveToListsModal({ entry, onClose }: { entry: DiscoveryEntry | null; onClose: () => void }) {
  const lists = useAllLists({ enabled: !!entry });
  const create = useCreateList();
  const reload = useReloadLists();
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const current = useMemo(
    () => (entry && lists.data ? membership(lists.data, entry.modash_id) : new Map<number, number>()),
    [entry, lists.data],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new influencer starts from their memberships
  useEffect(() => {
    setSelected(null);
    setNewName('');
    setCreateError(null);
    setFailures([]);
  }, [entry?.modash_id]);

  // Ticks start as the memberships once the lists are known.
  const ticks = selected ?? new Set(current.keys());
  const toggle = (listId: number, on: boolean) => {
    const next = new Set(ticks);
    if (on) next.add(listId);
    else next.delete(listId);
    setSelected(next);
  };

  const createList = async () => {
    const name = newName.trim();
    if (!name) {
      setCreateError('Enter a name for the list.');
      return;
    }
    setCreateError(null);
    try {
      const list = await create.mutateAsync(name);
      setSelected(new Set([...ticks, list.id]));
      setNewName('');
    } catch (error) {
      setCreateError(errorMessage(error));
    }
  };

  const save = async () => {
    if (!entry || !lists.data) return;
    const names = new Map(lists.data.map((l) => [l.id, l.name]));
    const { add, remove } = membershipChanges(current, ticks);
    setSaving(true);
    setFailures([]);
    const problems: string[] = [];
    const outcomes = await Promise.allSettled([
      ...add.map((listId) =>
        addListInfluencer({
          list_id: listId,
          modash_id: entry.modash_id,
          influencer_data: entry.influencer_data,
        }).catch((error: unknown) => {
          throw { listId, verb: 'add to', error };
        }),
      ),
      ...remove.map(({ listId, memberId }) =>
        removeListInfluencer(listId, memberId).catch((error: unknown) => {
          throw { listId, verb: 'remove from', error };
        }),
      ),
    ]);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        const { listId, verb, error } = outcome.reason as { listId: number; verb: string; error: unknown };
        // Spec §8: list membership failures are logged (and, here, shown).
        console.error(`Discovery list membership: could not ${verb} list ${listId}`, error);
        problems.push(`Could not ${verb} “${names.get(listId) ?? listId}”: ${errorMessage(error)}`);
      }
    }
    await reload();
    setSaving(false);
    setSelected(null);
    if (problems.length) {
      setFailures(problems);
      return;
    }
    if (add.length || remove.length)
      toast.success(`Saved ${displayName(entry.influencer_data)} to your lists.`);
    onClose();
  };

  const name = entry ? displayName(entry.influencer_data) : '';
  return (
    <Modal opened={!!entry} onClose={onClose} title={`Save ${name} to lists`} centered>
      <Stack gap="md">
        {lists.isPending && <Loader size="sm" aria-label="Loading your lists" />}
        {lists.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(lists.error)}
          </Alert>
        )}
        {lists.data && lists.data.length === 0 && (
          <Text size="sm" c="dimmed">
            You have no lists yet. Create the first one below.
          </Text>
        )}
        {lists.data && lists.data.length > 0 && (
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap="xs" role="group" aria-label="Your lists">
              {lists.data.map((list) => (
                <Checkbox
                  key={list.id}
                  label={
                    <Text size="sm" span>
                      {list.name}{' '}
                      <Text span size="xs" c="dimmed">
                        ({list.influencers.length})
                      </Text>
                    </Text>
                  }
                  aria-label={list.name}
                  checked={ticks.has(list.id)}
                  onChange={(event) => toggle(list.id, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="New list"
            placeholder="e.g. Summer launch"
            value={newName}
            onChange={(event) => setNewName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void createList();
              }
            }}
            maxLength={DISCOVERY_LIST_NAME_MAX_LENGTH}
            error={createError}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            mt={25}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void createList()}
            loading={create.isPending}
          >
            Create
          </Button>
        </Group>
        {failures.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Some lists were not updated">
            <Stack gap={4}>
              {failures.map((failure) => (
                <Text key={failure} size="sm">
                  {failure}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!lists.data}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
