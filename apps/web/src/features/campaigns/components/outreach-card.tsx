import { Alert, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { OUTREACH_STATUS_LABELS, OUTREACH_STATUSES, type OutreachStatus } from '@reach/contract/outreach';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { OutreachList } from '../../../components/outreach-list';
import { errorMessage } from '../../../lib/api-error';
import { PAGE_SIZES } from '../../../lib/paging';
import { useCampaignOutreach } from '../api/get-campaign-outreach';

/**
 * The campaign's outreach (issue 12): every invitation mailed or sent from a CSV, a discovery list or
 * discovery, with its status (sent, bounced or failed with the reason, opened, signed up, answered) and dates.
 */
export function OutreachCard({ campaignId, viewer }: { campaignId: number; viewer: 'business' | 'admin' }) {
  const [status, setStatus] = useState<OutreachStatus | null>(null);
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<number>(PAGE_SIZES[0]);
  const { data, error, isPending, isPlaceholderData } = useCampaignOutreach(campaignId, {
    status: status ?? undefined,
    page,
    items,
  });
  const all = data ? Object.values(data.counts).reduce((sum, n) => sum + n, 0) : 0;
  const options = [
    { value: 'all', label: `All statuses${data ? ` (${all})` : ''}` },
    ...OUTREACH_STATUSES.filter((s) => !data || data.counts[s] > 0 || s === status).map((s) => ({
      value: s,
      label: `${OUTREACH_STATUS_LABELS[s]}${data ? ` (${data.counts[s]})` : ''}`,
    })),
  ];

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`outreach-${campaignId}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={`outreach-${campaignId}`}>
              Outreach
            </Title>
            <Text size="sm" c="dimmed">
              {viewer === 'business'
                ? 'Invitations you mailed or imported, and what became of each.'
                : 'Invitations the business mailed or imported, and what became of each.'}
            </Text>
          </Stack>
          {all > 0 && (
            <Select
              label="Status"
              data={options}
              value={status ?? 'all'}
              onChange={(value) => {
                setStatus(OUTREACH_STATUSES.find((s) => s === value) ?? null);
                setPage(1);
              }}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
          )}
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" title="We could not load the outreach">
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
            {status
              ? `No invitations are ${OUTREACH_STATUS_LABELS[status].toLowerCase()}.`
              : viewer === 'business'
                ? 'No invitations yet. Invite creators from Discovery, a discovery list or a CSV file.'
                : 'No invitations yet.'}
          </Text>
        )}
        {data && data.total > 0 && (
          <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <OutreachList
              records={data.data}
              {...(viewer === 'business'
                ? { connectionPath: (id: number) => `/business/connections/${id}` }
                : {})}
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
