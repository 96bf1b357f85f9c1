import { Alert, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  PLATFORM_PERIOD_LABELS,
  PLATFORM_PERIODS,
  type PlatformPeriod,
  type PlatformTotals,
} from '@reach/contract/dashboard';
import { formatUsd } from '@reach/contract/money';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePlatformTotals } from '../api/get-results';
import { ChangeText } from './results-card';

/** "From 10/26/2026 to now, compared with 09/26/2026 – 10/26/2026", or all time. */
function periodText(data: PlatformTotals): string {
  if (!data.from) return `Everything in the ledger up to ${formatDate(data.as_of)}.`;
  const compared =
    data.previous_from && data.previous_to
      ? `, compared with ${formatDate(data.previous_from)} – ${formatDate(data.previous_to)}`
      : '';
  return `From ${formatDate(data.from)} to ${formatDate(data.as_of)}${compared}.`;
}

/**
 * Admins: the platform's money (issue 14) from the ledger — GMV through campaigns, what was funded into them,
 * payouts to creators and subscription revenue — for a chosen period against the one before, each with its
 * definition next to it.
 */
export function PlatformTotalsCard() {
  const [period, setPeriod] = useState<PlatformPeriod>('last_30_days');
  const { data, error, isPending, isFetching } = usePlatformTotals(period);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="platform-totals-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="platform-totals-title">
              Platform totals
            </Title>
            {data && (
              <Text size="sm" c="dimmed">
                {periodText(data)} US dollars, from the ledger.
              </Text>
            )}
          </Stack>
          <NativeSelect
            label="Period"
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value as PlatformPeriod)}
            data={PLATFORM_PERIODS.map((p) => ({ value: p, label: PLATFORM_PERIOD_LABELS[p] }))}
            w={180}
          />
        </Group>
        {isPending ? (
          <Skeleton h={160} aria-label="Loading platform totals" />
        ) : error ? (
          <Alert color="red" variant="light" title="We could not load the platform totals">
            {errorMessage(error)}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" aria-busy={isFetching}>
            {data.figures.map((figure) => (
              <Paper key={figure.key} withBorder p="md" radius="md" role="group" aria-label={figure.label}>
                <Stack gap={4}>
                  <Text size="sm" c="dimmed" fw={600}>
                    {figure.label}
                  </Text>
                  <Text fz={26} fw={800} lh={1.15}>
                    {formatUsd(figure.cents)}
                  </Text>
                  {figure.previous_cents !== null && (
                    <>
                      <Text size="xs">Previous period: {formatUsd(figure.previous_cents)}</Text>
                      <ChangeText
                        figure={{ change: figure.change_cents, change_pct: figure.change_pct }}
                        format={formatUsd}
                        against="the previous period"
                      />
                    </>
                  )}
                  <Text size="xs" c="dimmed" mt={4}>
                    {figure.definition}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
