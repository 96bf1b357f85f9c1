import { Alert, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useBriefRevisions } from '../api/get-brief-revisions';

/**
 * "Brief history" on the campaign page (business and admin): each change made to the brief after publishing —
 * when, who, which fields — newest first. The accepted creators were told of each.
 */
export function BriefHistoryCard({ campaignId }: { campaignId: number }) {
  const { data, error, isPending } = useBriefRevisions(campaignId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="brief-history-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="brief-history-title">
          Brief history
        </Title>
        {isPending && <Loader size="sm" aria-label="Loading the brief history" />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {data && data.data.length === 0 && (
          <Text size="sm" c="dimmed">
            The brief has not changed since the campaign was published.
          </Text>
        )}
        {data && data.data.length > 0 && (
          <Timeline bulletSize={22} lineWidth={2} active={0}>
            {data.data.map((revision) => (
              <Timeline.Item
                key={revision.id}
                bullet={<IconHistory size={12} aria-hidden />}
                title={
                  <Text size="sm" fw={600}>
                    {revision.changes.map((change) => change.label).join(', ')}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(revision.created_at)} · {revision.by?.name ?? 'A former user'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
