import { Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { USER_SORT_KEYS, USER_STATUSES } from '@reach/contract/admin-users';
import { USER_TYPES } from '@reach/contract/constants';
import { PageHeader } from '../../../components/page-header';
import { MOBILE_QUERY } from '../../../lib/media';
import { useUsers } from '../api/list-users';
import { AdminListFilters } from '../components/list-filters';
import { AdminListResults } from '../components/list-results';
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

  return (
    <>
      <PageHeader
        title="Users"
        description="Every business, influencer and admin account. Find people by name or email, see their plan, and suspend, reactivate or grant credits."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <AdminListFilters
            list={list}
            search={{ label: 'Search users', placeholder: 'Name, business or email', width: 300 }}
            selects={[
              { name: 'type', label: 'Type', options: TYPE_OPTIONS, width: 170 },
              { name: 'status', label: 'Status', options: STATUS_OPTIONS, width: 170 },
            ]}
            sortOptions={SORT_OPTIONS}
            defaultSort="name:asc"
          />

          <ListStates
            noun="users"
            error={error}
            isPending={isPending}
            total={data?.total}
            filtered={list.filtered}
            onClear={list.clear}
          />
          {data && data.total > 0 && (
            <AdminListResults list={list} noun="users" total={data.total} loading={isPlaceholderData}>
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
            </AdminListResults>
          )}
        </Stack>
      </Paper>
      <UserDrawer userId={openId} onClose={() => setOpen(null)} />
    </>
  );
}
