import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@reach/contract/campaigns';
import { IconCircleCheck, IconCoin } from '@tabler/icons-react';
import { formatMoney } from '../utils/money';

/**
 * The campaign budget: committed to accepted influencers, spent on approved posts, and what is left; how much
 * of it is funded by card, with "Fund campaign" while publishing still needs money.
 */
export function BudgetCard({ campaign, onFund }: { campaign: Campaign; onFund?: () => void }) {
  const {
    total_budget_cents: total,
    committed_cents: committed,
    spent_cents: spent,
    left_cents: left,
    funded_cents: funded,
    refunded_cents: refunded,
    available_cents: available,
    to_fund_cents: toFund,
  } = campaign.budget;
  const share = (cents: number) => (total && total > 0 ? Math.min(100, (cents / total) * 100) : 0);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            Budget
          </Title>
          <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(total)}
          </Text>
        </Group>
        {total === null ? (
          <Text size="sm" c="dimmed">
            No total budget set yet.
          </Text>
        ) : (
          <Progress.Root size="lg" aria-label="Budget use">
            <Progress.Section value={share(spent)} color="teal" aria-label={`Spent ${formatMoney(spent)}`} />
            <Progress.Section
              value={share(committed)}
              color="yellow"
              aria-label={`Committed ${formatMoney(committed)}`}
            />
          </Progress.Root>
        )}
        <Stack gap={6}>
          <BudgetLine color="yellow" label="Committed" value={formatMoney(committed)} />
          <BudgetLine color="teal" label="Spent" value={formatMoney(spent)} />
          <BudgetLine color="gray" label="Left" value={formatMoney(left)} strong />
        </Stack>
        <Text size="xs" c="dimmed">
          Committed: promised to influencers who accepted. Spent: paid out for approved posts.
        </Text>
        {total !== null && (
          <Stack gap={6} pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <BudgetLine color="reach" label="Funded by card" value={formatMoney(funded)} />
            {refunded > 0 && <BudgetLine color="grape" label="Refunded" value={formatMoney(refunded)} />}
            <BudgetLine color="teal" label="Available to pay" value={formatMoney(available)} strong />
          </Stack>
        )}
        {toFund > 0 ? (
          <Alert variant="light" color="yellow" icon={<IconCoin size={18} aria-hidden />} p="sm">
            <Stack gap="xs">
              <Text size="sm">
                {formatMoney(toFund)} still needs to be paid by card
                {campaign.status === 'draft' ? ' before this campaign can be published.' : '.'}
              </Text>
              {onFund && campaign.abilities.fund && (
                <Button size="xs" onClick={onFund} leftSection={<IconCoin size={14} aria-hidden />}>
                  Fund campaign
                </Button>
              )}
            </Stack>
          </Alert>
        ) : (
          total !== null &&
          funded > 0 && (
            <Group gap={6} c="teal.8">
              <IconCircleCheck size={16} aria-hidden />
              <Text size="sm">Budget funded</Text>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}

function BudgetLine({
  color,
  label,
  value,
  strong = false,
}: {
  color: string;
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap={8}>
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: 3,
            background: `var(--mantine-color-${color}-${color === 'gray' ? 3 : 6})`,
          }}
        />
        <Text size="sm">{label}</Text>
      </Group>
      <Text size="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}
