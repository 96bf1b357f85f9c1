import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  type CampaignImportStatusResponse,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from '@reach/contract/campaign-imports';
import type { CampaignStatus } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { IconAlertCircle, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { subscribeLive } from '../../../lib/live';
import { campaignKeys } from '../api/campaign-keys';
import { campaignOutreachKey } from '../api/get-campaign-outreach';
import { importInProgress, useImportStatus } from '../api/get-import-status';
import { useImportInfluencers } from '../api/import-influencers';

const TEMPLATE = 'instagram_username,email\nsunny.days,\n,alex@example.com\n';

const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Finished', color: 'teal' },
  failed: { label: 'Stopped', color: 'red' },
};

/**
 * "Invite influencers from CSV": upload a file of Instagram usernames and/or emails; the import runs in the
 * background. Its progress bar moves with the live `import-progress` events (and a poll every second while it
 * runs, in case the live stream is down); the rows that failed are listed with their reasons.
 */
export function CsvImportCard({
  campaignId,
  businessId,
  campaignStatus,
}: {
  campaignId: number;
  businessId: number;
  campaignStatus: CampaignStatus;
}) {
  const queryClient = useQueryClient();
  const start = useImportInfluencers(campaignId);
  const status = useImportStatus(campaignId, businessId);
  const active = campaignStatus === 'active';
  const resetRef = useRef<() => void>(null);

  useEffect(
    () =>
      subscribeLive('import-progress', (event) => {
        if (event.campaign_id !== campaignId) return;
        const key = campaignKeys.importStatus(campaignId);
        queryClient.setQueryData<CampaignImportStatusResponse | null>(key, (current) =>
          current && current.import_id === event.import_id
            ? { ...current, total: event.total, done: event.done, failed: event.failed, status: event.status }
            : current,
        );
        // A new job, more failures or the end: read the full status (with the failures list).
        void queryClient.invalidateQueries({ queryKey: key });
        // Its invitations are outreach records and pipeline counts as they are written.
        void queryClient.invalidateQueries({ queryKey: campaignOutreachKey(campaignId) });
        void queryClient.invalidateQueries({ queryKey: campaignKeys.pipeline(campaignId) });
      }),
    [campaignId, queryClient],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const job = status.data;
  const running = importInProgress(job);
  const templateUrl = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`, []);

  const upload = async (file: File | null) => {
    if (!file) return;
    // The same file may be chosen again after fixing it.
    resetRef.current?.();
    setFailure(null);
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      setFailure('Choose a .csv file.');
      return;
    }
    if (file.size > IMPORT_CSV_MAX_BYTES) {
      setFailure(API_MESSAGE.importFileTooLarge);
      return;
    }
    try {
      await start.mutateAsync({ file });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 404
          ? 'Inviting from a CSV file is not available yet. Please try again later.'
          : errorMessage(error),
      );
    }
  };

  const processed = job ? job.done + job.failed : 0;
  const percent = job && job.total > 0 ? Math.min(100, Math.round((processed / job.total) * 100)) : 0;
  const finished = job && !running;
  const label = job ? (STATUS_LABEL[job.status] ?? { label: job.status, color: 'gray' }) : null;

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            Invite influencers from CSV
          </Title>
          {label && (
            <Badge color={label.color} variant="light">
              {label.label}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          One influencer per row, up to {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: an Instagram username,
          an email address, or both.{' '}
          <Anchor href={templateUrl} download="reach-invitations.csv" size="sm">
            Download a template
          </Anchor>
          .
        </Text>
        <FileButton
          onChange={(file) => void upload(file)}
          accept=".csv,text/csv"
          resetRef={resetRef}
          inputProps={{ 'aria-label': 'CSV file of influencers to invite' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={start.isPending}
              disabled={running || !active}
              w="fit-content"
            >
              Upload CSV file
            </Button>
          )}
        </FileButton>
        {!active && (
          <Text size="xs" c="dimmed">
            {API_MESSAGE.importCampaignNotActive}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {failure}
          </Alert>
        )}
        {job && (
          <Stack gap={6} aria-live="polite">
            <Group justify="space-between" gap="xs">
              <Group gap={6}>
                <IconFileTypeCsv size={18} aria-hidden />
                <Text size="sm" fw={500}>
                  {running ? 'Inviting…' : 'Last import'}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {processed} of {job.total} rows · {job.done} invited · {job.failed} failed
              </Text>
            </Group>
            <Progress
              value={finished && job.status === 'done' ? 100 : percent}
              animated={running}
              color={job.failed > 0 && finished ? 'yellow' : undefined}
              size="lg"
              aria-label="Import progress"
            />
            {job.finished_at && (
              <Text size="xs" c="dimmed">
                Finished {formatDateTime(job.finished_at)}
              </Text>
            )}
          </Stack>
        )}
        {job && job.failures.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Rows that were not invited ({job.failures.length})
            </Text>
            <ScrollArea.Autosize mah={260} type="auto">
              <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label="Rows that failed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Value</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.failures.map((f) => (
                    <Table.Tr key={`${f.row_number}-${f.value}`}>
                      <Table.Td>{f.row_number}</Table.Td>
                      <Table.Td miw={120} style={{ overflowWrap: 'anywhere' }}>
                        {f.value || '—'}
                      </Table.Td>
                      <Table.Td>{f.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
