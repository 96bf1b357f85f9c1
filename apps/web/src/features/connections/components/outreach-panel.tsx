import { Alert, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { OUTREACH_STATUS_LABELS, OUTREACH_STATUSES, type OutreachStatus } from '@reach/contract/outreach';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { OutreachList } from '../../../components/outreach-list';
import { errorMessage } from '../../../lib/api-error';
import { PAGE_SIZES } from '../../../lib/paging';
import { useCampaignOptions } from '../../../lib/reference';
import { useOutreach } from '../api/list-outreach';

/**
 * The business's outreach across its campaigns (issue 12): invitations mailed from discovery, lists and CSV
 * files with their status, filtered by campaign and status. Each record links its campaign, and its
 * connection once the creator joined.
 */
export function OutreachPanel() {
  const [status, setStatus] = useState<OutreachStatus | null>(null);
  const [campaign, setCampaign] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<number>(PAGE_SIZES[0]);
  const campaigns = useCampaignOptions();
  const { data, error, isPending, isPlaceholderData } = useOutreach({
    status: status ?? undefined,
    campaign_id: campaign ?? undefined,
    page,
    items,
  });
  const all = data ? Object.values(data.counts).reduce((sum, n) => sum + n, 0) : 0;
  const statusOptions = [
    { value: 'all', label: `All statuses${data ? ` (${all})` : ''}` },
    ...OUTREACH_STATUSES.map((s) => ({
      value: s,
      label: `${OUTREACH_STATUS_LABELS[s]}${data ? ` (${data.counts[s]})` : ''}`,
    })),
  ];

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="outreach-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="outreach-title">
            Outreach
          </Title>
          <Text size="sm" c="dimmed">
            Invitations mailed to creators from Discovery, your lists and CSV imports: sent, bounced, opened,
            signed up, accepted or declined.
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Campaign"
            placeholder="All campaigns"
            data={(campaigns.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.title ?? 'Untitled campaign',
            }))}
            value={campaign ? String(campaign) : null}
            onChange={(value) => {
              setCampaign(value ? Number(value) : null);
              setPage(1);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            label="Status"
            data={statusOptions}
            value={status ?? 'all'}
            onChange={(value) => {
              setStatus(OUTREACH_STATUSES.find((s) => s === value) ?? null);
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" title="We could not load your outreach">
            {errorMessage(error)}
          </Alert>
        )}
        {isPending && !error && (
          <Stack gap="xs" aria-busy="true" aria-label="Loading outreach">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={64} />
            ))}
          </Stack>
        )}
        {data && data.total === 0 && (
          <Text size="sm" c="dimmed">
            {status || campaign
              ? 'No invitations match these filters.'
              : 'No invitations mailed yet. Invite creators from Discovery, a discovery list or a CSV file on a campaign.'}
          </Text>
        )}
        {data && data.total > 0 && (
          <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <OutreachList
              records={data.data}
              showCampaign
              campaignPath={(id) => `/business/campaigns/${id}`}
              connectionPath={(id) => `/business/connections/${id}`}
            />
            <ListPager
              page={page}
              items={items}
              total={data.total}
              onPage={setPage}
              onItems={(n) => {
                setItems(n);
                setPage(1);
              }}
              noun="Invitations"
              sizes={PAGE_SIZES}
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
