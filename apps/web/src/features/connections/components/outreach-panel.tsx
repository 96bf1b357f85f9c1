import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OutreachResults, OutreachStatusSelect, useOutreachPaging } from '../../../components/outreach-list';
import { useCampaignOptions } from '../../../lib/reference';
import { useOutreach } from '../api/list-outreach';

/**
 * The business's outreach across its campaigns (issue 12): invitations mailed from discovery, lists and CSV
 * files with their status, filtered by campaign and status. Each record links its campaign, and its
 * connection once the creator joined.
 */
export function OutreachPanel() {
  const paging = useOutreachPaging();
  const { status, page, items } = paging;
  const [campaign, setCampaign] = useState<number | null>(null);
  const campaigns = useCampaignOptions();
  const result = useOutreach({
    status: status ?? undefined,
    campaign_id: campaign ?? undefined,
    page,
    items,
  });

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
              paging.setPage(1);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 280 }}
          />
          <OutreachStatusSelect
            counts={result.data?.counts}
            value={status}
            onChange={paging.setStatus}
            w={{ base: '100%', sm: 220 }}
          />
        </Group>
        <OutreachResults
          result={result}
          errorTitle="We could not load your outreach"
          empty={
            status || campaign
              ? 'No invitations match these filters.'
              : 'No invitations mailed yet. Invite creators from Discovery, a discovery list or a CSV file on a campaign.'
          }
          paging={paging}
          showCampaign
          campaignPath={(id) => `/business/campaigns/${id}`}
          connectionPath={(id) => `/business/connections/${id}`}
        />
      </Stack>
    </Paper>
  );
}
