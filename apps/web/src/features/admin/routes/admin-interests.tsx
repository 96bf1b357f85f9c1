import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminInterest, INTEREST_SORT_KEYS } from '@reach/contract/admin-reference';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteInterest } from '../api/delete-interest';
import { useInterestCategories } from '../api/list-interest-categories';
import { useAdminInterests } from '../api/list-interests';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { InterestFormModal } from '../components/interest-form-modal';
import { ReferenceTable } from '../components/reference-table';
import { RowActions } from '../components/row-actions';
import { useListState } from '../hooks/use-list-state';

const usage = (interest: AdminInterest) =>
  `${interest.campaigns} ${interest.campaigns === 1 ? 'campaign' : 'campaigns'} · ${interest.influencers} ${
    interest.influencers === 1 ? 'influencer' : 'influencers'
  }`;

/** /admin/interests: the interest (keyword) taxonomy with usage counts; add, rename, delete unused ones. */
export default function AdminInterestsRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({ sortKeys: INTEREST_SORT_KEYS, defaultSort: 'name', filters: ['category'] });
  const categories = useInterestCategories();
  const remove = useDeleteInterest();
  const [editing, setEditing] = useState<{ interest: AdminInterest | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminInterest | null>(null);

  const query = useAdminInterests({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    category: list.filters.category || undefined,
  });
  const actions = (interest: AdminInterest) => (
    <RowActions
      name={interest.name}
      editLabel="Rename"
      onEdit={() => setEditing({ interest })}
      onDelete={() => setDeleting(interest)}
    />
  );
  const columns: Column<AdminInterest>[] = [
    {
      key: 'name',
      label: 'Interest',
      sortKey: 'name',
      render: (interest) => (
        <Text span fw={600} inherit>
          {interest.name}
        </Text>
      ),
    },
    {
      key: 'category',
      label: 'Category',
      sortKey: 'category',
      render: (interest) => (
        <Badge variant="light" color="gray">
          {interest.category}
        </Badge>
      ),
    },
    {
      key: 'campaigns',
      label: 'Campaigns',
      sortKey: 'campaigns',
      align: 'right',
      render: (interest) => interest.campaigns,
    },
    {
      key: 'influencers',
      label: 'Influencers',
      sortKey: 'influencers',
      align: 'right',
      render: (interest) => interest.influencers,
    },
    { key: 'created_at', label: 'Added', sortKey: 'created_at', render: (i) => formatDate(i.created_at) },
  ];

  return (
    <>
      <PageHeader
        title="Interests"
        description="The interests (keywords) that tag campaigns and influencers and drive search. Rename them in place; delete only those nothing uses."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ interest: null })}
          >
            Add interest
          </Button>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search interests"
              placeholder="Name"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              w={isMobile ? '100%' : 280}
              {...list.searchInput}
            />
            <Select
              label="Category"
              placeholder="All categories"
              data={categories.data ?? []}
              value={list.filters.category ?? null}
              onChange={(value) => list.update({ category: value })}
              clearable
              searchable
              w={isMobile ? '100%' : 220}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>

          <ReferenceTable
            noun="interests"
            title="Interests"
            list={list}
            query={query}
            columns={columns}
            actions={actions}
          />
        </Stack>
      </Paper>

      <InterestFormModal
        opened={!!editing}
        interest={editing?.interest ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        title="Delete this interest?"
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(`Interest “${deleting.name}” deleted.`);
        }}
      >
        {deleting && (
          <>
            <Text span fw={600}>
              {deleting.name}
            </Text>{' '}
            ({deleting.category}){' '}
            {deleting.campaigns + deleting.influencers === 0
              ? 'is not used by any campaign or influencer. Once deleted, nobody can pick it any more.'
              : `is used by ${usage(deleting).replace(' · ', ' and ')}. Only an interest nothing uses can be deleted.`}
          </>
        )}
      </ConfirmDeleteModal>
    </>
  );
}
