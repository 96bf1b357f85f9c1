import {
  Accordion,
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { BusinessResults, ResultFigure, RoasValue } from '@reach/contract/dashboard';
import { formatUsd } from '@reach/contract/money';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatDate } from '../../../lib/format';
import { useBusinessResults } from '../api/get-results';
import { describeChange, formatMinor, formatRoas } from '../utils/change';

/** "▲ up 2 (200%)" in the theme's accessible green or red; the words carry the meaning, the colour helps. */
export function ChangeText({
  figure,
  format,
  against,
}: {
  figure: { change: number | null; change_pct: number | null };
  format: (value: number) => string;
  /** What the figure is compared with, e.g. "the 7 days before". */
  against: string;
}) {
  const { direction, text } = describeChange(figure, format, against);
  const color = direction === 'up' ? 'teal' : direction === 'down' ? 'red' : 'dimmed';
  return (
    <Text size="xs" c={color} fw={direction === 'same' ? 400 : 600}>
      <span aria-hidden>{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}</span>
      {text}
    </Text>
  );
}

function Tile({ label, value, children }: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="div" role="group" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text fz={26} fw={800} lh={1.15}>
          {value}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

const WEEK = 'the 7 days before';

function WeekLines({ figure, format }: { figure: ResultFigure; format: (value: number) => string }) {
  return (
    <>
      <Text size="xs">Last 7 days: {format(figure.last_7_days)}</Text>
      <ChangeText figure={figure} format={format} against={WEEK} />
    </>
  );
}

function roasText(roas: RoasValue) {
  return roas.value === null ? '—' : formatRoas(roas.value);
}

/** The totals, this week against the one before, for each figure. */
function ResultTiles({ data }: { data: BusinessResults }) {
  // USD first (the spend's currency), then the others; no conversion between currencies.
  const revenue = [...data.revenue].sort(
    (a, b) => Number(b.currency === 'USD') - Number(a.currency === 'USD'),
  );
  const [primary, ...others] = revenue;
  const { last_7_days: week, previous_7_days: before } = data.roas;
  const roasChange =
    week.value !== null && before.value !== null
      ? {
          change: Math.round((week.value - before.value) * 100) / 100,
          change_pct:
            before.value === 0 ? null : Math.round(((week.value - before.value) / before.value) * 1000) / 10,
        }
      : null;
  const money = (currency: string) => (v: number) => formatMinor(v, currency);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <Tile label="Clicks" value={formatCount(data.clicks.total)}>
        <WeekLines figure={data.clicks} format={formatCount} />
      </Tile>
      <Tile label="Conversions" value={formatCount(data.conversions.total)}>
        <WeekLines figure={data.conversions} format={formatCount} />
      </Tile>
      <Tile label="Revenue" value={primary ? formatMinor(primary.total_cents, primary.currency) : '$0.00'}>
        {primary ? (
          <WeekLines figure={{ ...primary, total: primary.total_cents }} format={money(primary.currency)} />
        ) : (
          <Text size="xs" c="dimmed">
            No attributed orders yet
          </Text>
        )}
        {others.map((r) => (
          <Stack key={r.currency} gap={0} mt={4}>
            <Text fw={700}>{formatMinor(r.total_cents, r.currency)}</Text>
            <WeekLines figure={{ ...r, total: r.total_cents }} format={money(r.currency)} />
          </Stack>
        ))}
      </Tile>
      <Tile label="Spend" value={formatUsd(data.spend_cents.total)}>
        {data.product_value_cents > 0 && (
          <Text size="xs" c="dimmed">
            Includes {formatUsd(data.product_value_cents)} of product
          </Text>
        )}
        <WeekLines figure={data.spend_cents} format={formatUsd} />
      </Tile>
      <Tile label="EMV" value={formatUsd(data.emv_cents.total)}>
        <WeekLines figure={data.emv_cents} format={formatUsd} />
      </Tile>
      <Tile label="ROAS" value={roasText(data.roas.total)}>
        <Text size="xs">
          Last 7 days: {roasText(week)} · the 7 days before: {roasText(before)}
        </Text>
        {roasChange && (
          <ChangeText
            figure={roasChange}
            format={(v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 })}
            against={WEEK}
          />
        )}
        {[...new Set([data.roas.total.reason, week.reason].filter((r): r is string => !!r))].map((reason) => (
          <Text key={reason} size="xs" c="dimmed">
            {reason === week.reason && reason !== data.roas.total.reason ? `Last 7 days: ${reason}` : reason}
          </Text>
        ))}
      </Tile>
    </SimpleGrid>
  );
}

/**
 * The results' place while they load, shaped like them (six tiles in the tiles' columns, then the definitions),
 * so that the cards below stay where they are when the figures arrive: below a 140 px skeleton they moved down
 * by ~900 px on a phone, a layout shift of 0.38 in Lighthouse's mobile run (its score's weight is a quarter).
 */
function ResultsSkeleton() {
  return (
    <Stack gap="md" aria-label="Loading results">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {['clicks', 'conversions', 'revenue', 'spend', 'emv', 'roas'].map((tile) => (
          <Skeleton key={tile} h={135} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={51} />
    </Stack>
  );
}

/**
 * "Results across active campaigns" (issue 14) on the business dashboard: clicks, conversions, revenue, spend,
 * ROAS and EMV over the active campaigns' lives, each with the last 7 days against the 7 before, and where each
 * figure comes from.
 */
export function ResultsCard() {
  const query = useBusinessResults();
  // The figures render in a background pass (a deferred value), not in the task that delivers the response:
  // the tiles and the definitions were one long task on a throttled phone. The skeleton stays until then.
  const data = useDeferredValue(query.data);
  const { error } = query;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="active-results-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="active-results-title">
            Results across active campaigns
          </Title>
          {!data && !error && <Skeleton h={{ base: 60, sm: 40, lg: 20 }} />}
          {data && (
            <Text size="sm" c="dimmed">
              {data.active_campaigns === 1
                ? '1 active campaign'
                : `${data.active_campaigns} active campaigns`}
              {' · '}this week is {formatDate(data.this_week_from)} – {formatDate(data.as_of)}, compared with{' '}
              {formatDate(data.previous_week_from)} – {formatDate(data.this_week_from)}
            </Text>
          )}
        </Stack>
        {error ? (
          <Alert color="red" variant="light" title="We could not load your results">
            {errorMessage(error)}
          </Alert>
        ) : !data ? (
          <ResultsSkeleton />
        ) : data.active_campaigns === 0 ? (
          <Text size="sm" c="dimmed">
            No active campaigns. Clicks, conversions, revenue and spend appear here once a campaign is live.{' '}
            <Anchor component={Link} to="/business/campaigns">
              Go to campaigns
            </Anchor>
          </Text>
        ) : (
          <>
            <ResultTiles data={data} />
            <Accordion variant="contained" chevronPosition="right">
              <Accordion.Item value="definitions">
                <Accordion.Control>How these figures are computed</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={6} component="dl" m={0}>
                    {(
                      [
                        ['Clicks', data.definitions.clicks],
                        ['Conversions', data.definitions.conversions],
                        ['Revenue', data.definitions.revenue],
                        ['Spend', data.definitions.spend],
                        ['ROAS', data.definitions.roas],
                        ['EMV', data.definitions.emv],
                      ] as const
                    ).map(([term, text]) => (
                      <Group key={term} gap={6} wrap="nowrap" align="baseline">
                        <Text size="sm" fw={700} component="dt" miw={96}>
                          {term}
                        </Text>
                        <Text size="sm" component="dd" m={0}>
                          {text}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                  <Text size="sm" fw={700} mt="sm">
                    The EMV formula with your values
                  </Text>
                  <Text
                    size="xs"
                    component="pre"
                    ff="monospace"
                    style={{ whiteSpace: 'pre-wrap' }}
                    m={0}
                    mt={4}
                  >
                    {data.emv_formula}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </>
        )}
      </Stack>
    </Paper>
  );
}
