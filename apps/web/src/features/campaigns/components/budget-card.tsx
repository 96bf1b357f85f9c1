import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { PipelineBudget } from '@reach/contract/campaign-pipeline';
import type { Campaign } from '@reach/contract/campaigns';
import { IconCircleCheck, IconCoin } from '@tabler/icons-react';
import { formatMoney } from '../utils/money';

/**
 * The campaign budget: committed to accepted influencers, spent on approved posts, and what remains; how much
 * of it is funded by card, with "Fund campaign" while publishing still needs money. Committed, spent and
 * remaining come from the pipeline (`ledger`: the ledger and the accepted creators) once it has loaded.
 */
export function BudgetCard({
  campaign,
  ledger,
  onFund,
}: {
  campaign: Campaign;
  ledger?: PipelineBudget | undefined;
  onFund?: () => void;
}) {
  const {
    total_budget_cents: total,
    funded_cents: funded,
    refunded_cents: refunded,
    available_cents: available,
    to_fund_cents: toFund,
  } = campaign.budget;
  const committed = ledger?.committed_cents ?? campaign.budget.committed_cents;
  const spent = ledger?.spent_cents ?? campaign.budget.spent_cents;
  // Remaining: what the funded budget still holds after what is spent and promised (below 0 = over-committed).
  const remaining = ledger ? ledger.remaining_cents : campaign.budget.left_cents;
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
          <BudgetLine color="gray" label="Remaining" value={formatMoney(remaining)} strong />
        </Stack>
        {remaining !== null && remaining < 0 && (
          <Text size="sm" c="red.8" role="status">
            {formatMoney(-remaining)} more is promised to creators than the funded budget holds.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Committed: still owed to creators who accepted (amount per post × posts each, less what they were
          paid). Spent: paid out for approved posts. Remaining: funded − refunded − spent − committed.
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
