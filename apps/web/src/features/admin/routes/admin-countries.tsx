import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminCountry, COUNTRY_SORT_KEYS } from '@reach/contract/admin-reference';
import { DEFAULT_LOCATION } from '@reach/contract/constants';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteCountry } from '../api/delete-country';
import { useCountries } from '../api/list-countries';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { CountryFormModal } from '../components/location-form-modals';
import { ReferenceTable } from '../components/reference-table';
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

  const query = useCountries({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
  });
  const isDefault = (country: AdminCountry) => country.id === DEFAULT_LOCATION.id;
  const actions = (country: AdminCountry) => (
    <RowActions
      name={country.name}
      onEdit={() => setEditing({ country })}
      onDelete={() => setDeleting(country)}
    />
  );
  const columns: Column<AdminCountry>[] = [
    {
      key: 'name',
      label: 'Country',
      sortKey: 'name',
      render: (country) => (
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
      ),
    },
    {
      key: 'code',
      label: 'Code',
      sortKey: 'code',
      render: (country) => (
        <Badge variant="outline" color="gray">
          {country.code}
        </Badge>
      ),
    },
    {
      key: 'id',
      label: 'Location id',
      sortKey: 'id',
      align: 'right',
      render: (country) => (
        <Text span ff="monospace" inherit>
          {country.id}
        </Text>
      ),
    },
    {
      key: 'states',
      label: 'States',
      sortKey: 'states',
      align: 'right',
      render: (country) => <StatesLink country={country} />,
    },
    {
      key: 'influencers',
      label: 'Influencers',
      sortKey: 'influencers',
      align: 'right',
      render: (country) => num(country.influencers),
    },
  ];

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

          <ReferenceTable
            noun="countries"
            title="Countries"
            list={list}
            query={query}
            columns={columns}
            actions={actions}
            minWidth={680}
          />
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
