import { Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { USER_SORT_KEYS, USER_STATUSES, type UserSortKey } from '@reach/contract/admin-users';
import { USER_TYPES } from '@reach/contract/constants';
import { IconSearch } from '@tabler/icons-react';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { type ActiveFilter, ResponsiveFilters } from '../../../components/responsive-filters';
import { MOBILE_QUERY } from '../../../lib/media';
import { useUsers } from '../api/list-users';
import { ListStates } from '../components/list-states';
import { UserDrawer } from '../components/user-drawer';
import { UserCards, UserTable } from '../components/user-table';
import { useListState } from '../hooks/use-list-state';
import { USER_STATUS_LABEL, USER_TYPE_LABEL } from '../utils/labels';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABEL[type] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABEL[status] })),
];
const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'last_seen_at:desc', label: 'Recently signed in' },
  { value: 'credits:desc', label: 'Most credits' },
];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** /admin/users: every account (spec §7 GET /users), with search, type and status filters and the account drawer. */
export default function AdminUsersRoute() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const list = useListState({
    sortKeys: USER_SORT_KEYS,
    defaultSort: 'name',
    filters: ['type', 'status'],
    searchParam: 'userSearch',
  });
  const openId = Number(list.params.get('user')) || null;
  const setOpen = (id: number | null) => list.update({ user: id }, { keepPage: true });

  const type = oneOf(USER_TYPES, list.filters.type ?? null);
  const status = oneOf(USER_STATUSES, list.filters.status ?? null);
  const { data, error, isPending, isPlaceholderData } = useUsers({
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    userSearch: list.search || undefined,
    type,
    status,
  });

  const active: ActiveFilter[] = [];
  if (list.search) active.push({ key: 'search', label: `“${list.search}”`, onRemove: list.clearSearch });
  if (type)
    active.push({ key: 'type', label: USER_TYPE_LABEL[type], onRemove: () => list.update({ type: null }) });
  if (status)
    active.push({
      key: 'status',
      label: USER_STATUS_LABEL[status],
      onRemove: () => list.update({ status: null }),
    });

  return (
    <>
      <PageHeader
        title="Users"
        description="Every business, influencer and admin account. Find people by name or email, see their plan, and suspend, reactivate or grant credits."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ResponsiveFilters active={active}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Search users"
                placeholder="Name, business or email"
                type="search"
                leftSection={<IconSearch size={16} aria-hidden />}
                w={isMobile ? '100%' : 300}
                {...list.searchInput}
              />
              <Select
                label="Type"
                data={TYPE_OPTIONS}
                value={type ?? ''}
                onChange={(value) => list.update({ type: value || null })}
                allowDeselect={false}
                w={isMobile ? '100%' : 170}
              />
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={status ?? ''}
                onChange={(value) => list.update({ status: value || null })}
                allowDeselect={false}
                w={isMobile ? '100%' : 170}
              />
              {isMobile && (
                <Select
                  label="Sort by"
                  data={SORT_OPTIONS}
                  value={
                    SORT_OPTIONS.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ??
                    'name:asc'
                  }
                  onChange={(value) => {
                    const [key, direction] = (value ?? 'name:asc').split(':');
                    list.update({ sortBy: key as UserSortKey, sortDesc: direction });
                  }}
                  allowDeselect={false}
                  w="100%"
                />
              )}
            </Group>
          </ResponsiveFilters>

          <ListStates
            noun="users"
            error={error}
            isPending={isPending}
            total={data?.total}
            filtered={list.filtered}
            onClear={list.clear}
          />
          {data && data.total > 0 && (
            <div
              data-testid="list-results"
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {isMobile ? (
                <UserCards users={data.data} onOpen={setOpen} />
              ) : (
                <UserTable
                  users={data.data}
                  onOpen={setOpen}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={list.toggleSort}
                />
              )}
              <ListPager
                noun="users"
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
      <UserDrawer userId={openId} onClose={() => setOpen(null)} />
    </>
  );
}
