import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminState, STATE_SORT_KEYS } from '@reach/contract/admin-reference';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteState } from '../api/delete-state';
import { useCountryOptions } from '../api/list-countries';
import { useStates } from '../api/list-states';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { StateFormModal } from '../components/location-form-modals';
import { ReferenceTable } from '../components/reference-table';
import { RowActions } from '../components/row-actions';
import { useListState } from '../hooks/use-list-state';

const num = (n: number) => n.toLocaleString('en-US');
const usage = (state: AdminState) =>
  `${num(state.businesses)} ${state.businesses === 1 ? 'business' : 'businesses'} · ${num(state.influencers)} ${
    state.influencers === 1 ? 'influencer' : 'influencers'
  }`;

/** /admin/states: the states used in addresses and searches, with their discovery location id. */
export default function AdminStatesRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({ sortKeys: STATE_SORT_KEYS, defaultSort: 'name', filters: ['country_id'] });
  const countries = useCountryOptions();
  const remove = useDeleteState();
  const [editing, setEditing] = useState<{ state: AdminState | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminState | null>(null);
  const countryId = Number(list.filters.country_id) || undefined;

  const query = useStates({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    country_id: countryId,
  });
  const actions = (state: AdminState) => (
    <RowActions name={state.name} onEdit={() => setEditing({ state })} onDelete={() => setDeleting(state)} />
  );
  const columns: Column<AdminState>[] = [
    {
      key: 'name',
      label: 'State',
      sortKey: 'name',
      render: (state) => (
        <Text span fw={600} inherit>
          {state.name}
        </Text>
      ),
    },
    {
      key: 'code',
      label: 'Code',
      sortKey: 'code',
      render: (state) => (
        <Badge variant="outline" color="gray">
          {state.code}
        </Badge>
      ),
    },
    { key: 'country', label: 'Country', sortKey: 'country', render: (state) => state.country_name },
    {
      key: 'id',
      label: 'Location id',
      sortKey: 'id',
      align: 'right',
      render: (state) => (
        <Text span ff="monospace" inherit>
          {state.id}
        </Text>
      ),
    },
    {
      key: 'businesses',
      label: 'Businesses',
      sortKey: 'businesses',
      align: 'right',
      render: (state) => num(state.businesses),
    },
    {
      key: 'influencers',
      label: 'Influencers',
      sortKey: 'influencers',
      align: 'right',
      render: (state) => num(state.influencers),
    },
  ];

  return (
    <>
      <PageHeader
        title="States"
        description="The states people choose in their addresses and businesses search by. The location id links each one to the discovery provider."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ state: null })}
          >
            Add state
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search states"
              placeholder="Name or code"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              w={isMobile ? '100%' : 280}
              {...list.searchInput}
            />
            <Select
              label="Country"
              placeholder="All countries"
              data={countries.data ?? []}
              value={countryId ? String(countryId) : null}
              onChange={(value) => list.update({ country_id: value })}
              clearable
              searchable
              nothingFoundMessage="No country matches that"
              w={isMobile ? '100%' : 260}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>

          <ReferenceTable
            noun="states"
            title="States"
            list={list}
            query={query}
            columns={columns}
            actions={actions}
            minWidth={760}
          />
        </Stack>
      </Paper>

      <StateFormModal opened={!!editing} state={editing?.state ?? null} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        title="Delete this state?"
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(`State “${deleting.name}” deleted.`);
        }}
      >
        {deleting && (
          <>
            <Text span fw={600}>
              {deleting.name}
            </Text>{' '}
            ({deleting.country_name}, location id {deleting.id}){' '}
            {deleting.businesses + deleting.influencers === 0
              ? 'is in no address. It will no longer be offered in addresses and searches.'
              : `is used by ${usage(deleting).replace(' · ', ' and ')}. Only a state no address uses can be deleted.`}
          </>
        )}
      </ConfirmDeleteModal>
    </>
  );
}
