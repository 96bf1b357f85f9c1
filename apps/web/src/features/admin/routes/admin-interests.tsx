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
import {
  type AdminInterest,
  INTEREST_SORT_KEYS,
  type InterestSortKey,
} from '@reach/contract/admin-reference';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { SortableTh } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { useDeleteInterest } from '../api/delete-interest';
import { useInterestCategories } from '../api/list-interest-categories';
import { useAdminInterests } from '../api/list-interests';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { InterestFormModal } from '../components/interest-form-modal';
import { ListStates } from '../components/list-states';
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

  const { data, error, isPending, isPlaceholderData } = useAdminInterests({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    search: list.search || undefined,
    category: list.filters.category || undefined,
  });
  const sort = { sortBy: list.sortBy, sortDesc: list.sortDesc };
  const th = (key: InterestSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <SortableTh sortKey={key} sort={sort} onSort={list.toggleSort} align={align}>
      {label}
    </SortableTh>
  );
  const actions = (interest: AdminInterest) => (
    <RowActions
      name={interest.name}
      editLabel="Rename"
      onEdit={() => setEditing({ interest })}
      onDelete={() => setDeleting(interest)}
    />
  );

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

          <ListStates
            noun="interests"
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
                  {data.data.map((interest) => (
                    <Paper key={interest.id} withBorder p="md" radius="md">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={4} miw={0}>
                          <Text fw={600}>{interest.name}</Text>
                          <Badge variant="light" color="gray" size="sm">
                            {interest.category}
                          </Badge>
                          <Text size="sm" c="dimmed">
                            {usage(interest)}
                          </Text>
                        </Stack>
                        {actions(interest)}
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover aria-label="Interests">
                    <Table.Thead>
                      <Table.Tr>
                        {th('name', 'Interest')}
                        {th('category', 'Category')}
                        {th('campaigns', 'Campaigns', 'right')}
                        {th('influencers', 'Influencers', 'right')}
                        {th('created_at', 'Added')}
                        <Table.Th w={56}>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.data.map((interest) => (
                        <Table.Tr key={interest.id}>
                          <Table.Td fw={600}>{interest.name}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color="gray">
                              {interest.category}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {interest.campaigns}
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {interest.influencers}
                          </Table.Td>
                          <Table.Td>{formatDate(interest.created_at)}</Table.Td>
                          <Table.Td>{actions(interest)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <ListPager
                noun="interests"
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
