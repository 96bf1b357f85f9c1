import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { OUTREACH_STATUS_LABELS } from '@reach/contract/outreach';
import {
  OutreachResults,
  OutreachStatusSelect,
  outreachCount,
  useOutreachPaging,
} from '../../../components/outreach-list';
import { useCampaignOutreach } from '../api/get-campaign-outreach';

/**
 * The campaign's outreach (issue 12): every invitation mailed or sent from a CSV, a discovery list or
 * discovery, with its status (sent, bounced or failed with the reason, opened, signed up, answered) and dates.
 */
export function OutreachCard({ campaignId, viewer }: { campaignId: number; viewer: 'business' | 'admin' }) {
  const paging = useOutreachPaging();
  const { status, page, items } = paging;
  const result = useCampaignOutreach(campaignId, { status: status ?? undefined, page, items });
  const counts = result.data?.counts;

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
          {outreachCount(counts) > 0 && (
            <OutreachStatusSelect
              counts={counts}
              value={status}
              onChange={paging.setStatus}
              onlyPresent
              w={{ base: '100%', xs: 220 }}
            />
          )}
        </Group>
        <OutreachResults
          result={result}
          errorTitle="We could not load the outreach"
          empty={
            status
              ? `No invitations are ${OUTREACH_STATUS_LABELS[status].toLowerCase()}.`
              : viewer === 'business'
                ? 'No invitations yet. Invite creators from Discovery, a discovery list or a CSV file.'
                : 'No invitations yet.'
          }
          paging={paging}
          {...(viewer === 'business'
            ? { connectionPath: (id: number) => `/business/connections/${id}` }
            : {})}
        />
      </Stack>
    </Paper>
  );
}
