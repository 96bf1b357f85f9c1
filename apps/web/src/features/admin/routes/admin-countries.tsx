import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminCountry, COUNTRY_SORT_KEYS, type CountrySortKey } from '@reach/contract/admin-reference';
import { DEFAULT_LOCATION } from '@reach/contract/constants';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { SortableTh } from '../../../components/sortable-th';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteCountry } from '../api/delete-country';
import { useCountries } from '../api/list-countries';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { ListStates } from '../components/list-states';
import { CountryFormModal } from '../components/location-form-modals';
import { RowActions } from '../components/row-actions';
import { useListState } from '../hooks/use-list-state';

const num = (n: number) => n.toLocaleString('en-US');
const usage = (country: AdminCountry) =>
  `${num(country.states)} ${country.states === 1 ? 'state' : 'states'} · ${num(country.influencers)} ${
    country.influencers === 1 ? 'influencer' : 'influencers'
  }`;

function StatesLink({ country }: { country: AdminCountry }) {
  if (country.states === 0) return <>0</>;
  return (
    <Text component={Link} to={`/admin/states?country_id=${country.id}`} c="reach.7" size="sm" td="underline">
      {num(country.states)}
    </Text>
  );
}

/** /admin/countries: the countries used in addresses and searches, with their discovery location id. */
export default function AdminCountriesRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({ sortKeys: COUNTRY_SORT_KEYS, defaultSort: 'name' });
  const remove = useDeleteCountry();
  const [editing, setEditing] = useState<{ country: AdminCountry | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminCountry | null>(null);

  const { data, error, isPending, isPlaceholderData } = useCountries({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
  });
  const sort = { sortBy: list.sortBy, sortDesc: list.sortDesc };
  const th = (key: CountrySortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh sortKey={key} sort={sort} onSort={list.toggleSort} align={align}>
      {label}
    </SortableTh>
  );
  const actions = (country: AdminCountry) => (
    <RowActions
      name={country.name}
      onEdit={() => setEditing({ country })}
      onDelete={() => setDeleting(country)}
    />
  );
  const isDefault = (country: AdminCountry) => country.id === DEFAULT_LOCATION.id;

  return (
    <>
      <PageHeader
        title="Countries"
        description={`The countries of addresses and searches. The location id links each one to the discovery provider (${DEFAULT_LOCATION.name} is ${DEFAULT_LOCATION.id}, the default search location).`}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ country: null })}
          >
            Add country
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <TextInput
            label="Search countries"
            placeholder="Name or code"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            w={isMobile ? '100%' : 280}
            {...list.searchInput}
          />

          <ListStates
            noun="countries"
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
                  {data.data.map((country) => (
                    <Paper key={country.id} withBorder p="md" radius="md">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={4} miw={0}>
                          <Group gap={6}>
                            <Text fw={600}>{country.name}</Text>
                            <Badge variant="outline" color="gray" size="sm">
                              {country.code}
                            </Badge>
                            {isDefault(country) && (
                              <Badge variant="light" size="sm">
                                Default
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed">
                            Location id {country.id} · {usage(country)}
                          </Text>
                        </Stack>
                        {actions(country)}
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={680}>
                  <Table verticalSpacing="sm" highlightOnHover aria-label="Countries">
                    <Table.Thead>
                      <Table.Tr>
                        {th('name', 'Country')}
                        {th('code', 'Code')}
                        {th('id', 'Location id', 'right')}
                        {th('states', 'States', 'right')}
                        {th('influencers', 'Influencers', 'right')}
                        <Table.Th w={56}>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((country) => (
                        <Table.Tr key={country.id}>
                          <Table.Td>
                            <Group gap={6}>
                              <Text fw={600} size="sm">
                                {country.name}
                              </Text>
                              {isDefault(country) && (
                                <Badge variant="light" size="xs">
                                  Default
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="outline" color="gray">
                              {country.code}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {country.id}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            <StatesLink country={country} />
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {num(country.influencers)}
                          </Table.Td>
                          <Table.Td>{actions(country)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <ListPager
                noun="countries"
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

      <CountryFormModal
        opened={!!editing}
        country={editing?.country ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        title="Delete this country?"
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(`Country “${deleting.name}” deleted.`);
        }}
      >
        {deleting && (
          <>
            <Text span fw={600}>
              {deleting.name}
            </Text>{' '}
            (location id {deleting.id}){' '}
            {deleting.states + deleting.influencers === 0
              ? 'has no states and no influencers. It will no longer be offered in addresses.'
              : `is used by ${usage(deleting).replace(' · ', ' and ')}. Only a country without states or influencers can be deleted.`}
          </>
        )}
      </ConfirmDeleteModal>
    </>
  );
}
