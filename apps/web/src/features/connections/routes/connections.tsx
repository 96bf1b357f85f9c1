import { Alert, Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CONNECTION_STATUS_LABELS,
  CONNECTION_STATUSES,
  type ConnectionSortKey,
} from '@reach/contract/connections';
import { IconPlugConnected, IconUserSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { MOBILE_QUERY } from '../../../lib/media';
import { PAGE_SIZES } from '../../../lib/paging';
import { useCampaignOptions } from '../../../lib/reference';
import { useCurrentUser } from '../../../lib/session/session';
import { useConnectedBusinesses } from '../api/get-filter-options';
import { type ConnectionsQuery, useConnections } from '../api/list-connections';
import { ConnectionCards, ConnectionTable } from '../components/connection-table';
import { InviteLinkButton } from '../components/invite-link-button';
import { OutreachPanel } from '../components/outreach-panel';
import type { Side } from '../utils/counterpart';
import { readConnectionParams, writeConnectionParams } from '../utils/list-params';

const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'campaign:asc', label: 'Campaign' },
  { value: 'status:asc', label: 'Status' },
  { value: 'updated_at:desc', label: 'Recently updated' },
  { value: 'end_date:asc', label: 'Campaign end date' },
];

/** /business/connections and /influencer/connections: status tabs, filters, sorting, paging and next steps. */
export default function ConnectionsRoute() {
  const user = useCurrentUser();
  const viewer: Side = user.type === 'business' ? 'business' : 'influencer';
  const [params, setParams] = useSearchParams();
  const list = readConnectionParams(params);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const update = (change: Parameters<typeof writeConnectionParams>[1]) =>
    setParams((current) => writeConnectionParams(current, change), { replace: true });

  const query: ConnectionsQuery = {
    sortBy: list.sortBy,
    sortDesc: list.sortDesc,
    items: list.items,
    page: list.page,
    status: list.status ?? undefined,
    campaign: list.campaign ?? undefined,
    business: list.business ?? undefined,
  };
  const { data, error, isPending, isPlaceholderData } = useConnections(query);
  const campaigns = useCampaignOptions({ enabled: viewer === 'business' });
  const businesses = useConnectedBusinesses({ enabled: viewer === 'influencer' });
  const totalAll = data ? Object.values(data.counts).reduce((sum, n) => sum + n, 0) : 0;
  const filtered = !!(list.status || list.campaign || list.business);

  const tabs = [
    { value: 'all', label: `All${data ? ` (${totalAll})` : ''}` },
    ...CONNECTION_STATUSES.map((status) => ({
      value: status,
      label: `${CONNECTION_STATUS_LABELS[status]}${data ? ` (${data.counts[status]})` : ''}`,
    })),
  ];
  const toStatus = (value: string | null) => CONNECTION_STATUSES.find((s) => s === value) ?? null;
  const sortBy = (key: ConnectionSortKey) =>
    update({ sortBy: key, sortDesc: list.sortBy === key && list.sortDesc === 'asc' ? 'desc' : 'asc' });

  const findAction =
    viewer === 'business' ? (
      <Button
        component={Link}
        to="/business/influencers"
        leftSection={<IconUserSearch size={18} aria-hidden />}
      >
        Find influencers
      </Button>
    ) : (
      <Button
        component={Link}
        to="/influencer/campaigns"
        leftSection={<IconUserSearch size={18} aria-hidden />}
      >
        Browse campaigns
      </Button>
    );

  return (
    <>
      <PageHeader
        title="Connections"
        description={
          viewer === 'business'
            ? 'Invitations and applications between your campaigns and influencers, with their status and messages.'
            : 'Your invitations and applications with businesses, with their status and messages.'
        }
        actions={
          <>
            {viewer === 'business' && <InviteLinkButton />}
            {findAction}
          </>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {isMobile ? (
            <Select
              label="Status"
              data={tabs}
              value={list.status ?? 'all'}
              onChange={(value) => update({ status: toStatus(value) })}
              allowDeselect={false}
            />
          ) : (
            <Tabs value={list.status ?? 'all'} onChange={(value) => update({ status: toStatus(value) })}>
              <Tabs.List aria-label="Filter by status">
                {tabs.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            {viewer === 'business' ? (
              <Select
                label="Campaign"
                placeholder="All campaigns"
                data={(campaigns.data ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.title ?? 'Untitled campaign',
                }))}
                value={list.campaign ? String(list.campaign) : null}
                onChange={(value) => update({ campaign: value ? Number(value) : null })}
                clearable
                searchable
                w={isMobile ? '100%' : 280}
              />
            ) : (
              <Select
                label="Business"
                placeholder="All businesses"
                data={(businesses.data ?? []).map((b) => ({
                  value: String(b.id),
                  label: b.business_name ?? 'Unnamed',
                }))}
                value={list.business ? String(list.business) : null}
                onChange={(value) => update({ business: value ? Number(value) : null })}
                clearable
                searchable
                w={isMobile ? '100%' : 280}
              />
            )}
            <Select
              label="Sort by"
              data={SORT_OPTIONS}
              value={SORT_OPTIONS.find((o) => o.value === `${list.sortBy}:${list.sortDesc}`)?.value ?? null}
              placeholder="Custom"
              onChange={(value) => {
                const [key, direction] = (value ?? 'name:asc').split(':');
                update({ sortBy: key as ConnectionSortKey, sortDesc: direction === 'desc' ? 'desc' : 'asc' });
              }}
              allowDeselect={false}
              w={isMobile ? '100%' : 220}
            />
          </Group>

          {error && (
            <Alert color="red" variant="light" role="alert" title="We could not load your connections">
              {errorMessage(error)}
            </Alert>
          )}
          {isPending && !error && (
            <Stack gap="xs" aria-busy="true" aria-label="Loading connections">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={52} />
              ))}
            </Stack>
          )}
          {data && data.total === 0 && (
            <EmptyState
              icon={<IconPlugConnected size={28} aria-hidden />}
              title={filtered ? 'No connections match' : 'No connections yet'}
              description={
                filtered
                  ? 'Try another status, campaign or business.'
                  : viewer === 'business'
                    ? 'Invite influencers to your active campaigns from the directory or their profile.'
                    : 'Apply to a campaign, or accept an invitation from a business.'
              }
              py="xl"
            >
              <EmptyState.Actions>
                {filtered ? (
                  <Button
                    variant="default"
                    onClick={() => update({ status: null, campaign: null, business: null })}
                  >
                    Clear filters
                  </Button>
                ) : (
                  findAction
                )}
              </EmptyState.Actions>
            </EmptyState>
          )}
          {data && data.total > 0 && (
            <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              {isMobile ? (
                <ConnectionCards connections={data.data} viewer={viewer} />
              ) : (
                <ConnectionTable
                  connections={data.data}
                  viewer={viewer}
                  sort={{ sortBy: list.sortBy, sortDesc: list.sortDesc }}
                  onSort={sortBy}
                />
              )}
              <ListPager
                page={list.page}
                items={list.items}
                total={data.total}
                onPage={(page) => update({ page })}
                onItems={(items) => update({ items })}
                noun="Connections"
                sizes={PAGE_SIZES}
              />
            </div>
          )}
        </Stack>
      </Paper>
      {viewer === 'business' && (
        <Box mt="lg">
          <OutreachPanel />
        </Box>
      )}
    </>
  );
}
