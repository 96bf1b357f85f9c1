import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminState, STATE_SORT_KEYS, type StateSortKey } from '@reach/contract/admin-reference';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { SortableTh } from '../../../components/sortable-th';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteState } from '../api/delete-state';
import { useCountryOptions } from '../api/list-countries';
import { useStates } from '../api/list-states';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { ListStates } from '../components/list-states';
import { StateFormModal } from '../components/location-form-modals';
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

  const { data, error, isPending, isPlaceholderData } = useStates({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    country_id: countryId,
  });
  const sort = { sortBy: list.sortBy, sortDesc: list.sortDesc };
  const th = (key: StateSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh sortKey={key} sort={sort} onSort={list.toggleSort} align={align}>
      {label}
    </SortableTh>
  );
  const actions = (state: AdminState) => (
    <RowActions name={state.name} onEdit={() => setEditing({ state })} onDelete={() => setDeleting(state)} />
  );

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

          <ListStates
            noun="states"
            error={error}
            isPending={isPending}
            total={data?.total}
            filtered={list.filtered}
            onClear={list.clear}
          />
          {data && data.total > 0 && (
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {isMobile ? (
                <Stack gap="sm">
                  {data.data.map((state) => (
                    <Paper key={state.id} withBorder p="md" radius="md">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={4} miw={0}>
                          <Group gap={6}>
                            <Text fw={600}>{state.name}</Text>
                            <Badge variant="outline" color="gray" size="sm">
                              {state.code}
                            </Badge>
                          </Group>
                          <Text size="sm">{state.country_name}</Text>
                          <Text size="xs" c="dimmed">
                            Location id {state.id} · {usage(state)}
                          </Text>
                        </Stack>
                        {actions(state)}
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm" highlightOnHover aria-label="States">
                    <Table.Thead>
                      <Table.Tr>
                        {th('name', 'State')}
                        {th('code', 'Code')}
                        {th('country', 'Country')}
                        {th('id', 'Location id', 'right')}
                        {th('businesses', 'Businesses', 'right')}
                        {th('influencers', 'Influencers', 'right')}
                        <Table.Th w={56}>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((state) => (
                        <Table.Tr key={state.id}>
                          <Table.Td fw={600}>{state.name}</Table.Td>
                          <Table.Td>
                            <Badge variant="outline" color="gray">
                              {state.code}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{state.country_name}</Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {state.id}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {num(state.businesses)}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {num(state.influencers)}
                          </Table.Td>
                          <Table.Td>{actions(state)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <ListPager
                noun="states"
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
