import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@reach/contract/campaigns';
import { formatMoney } from '../utils/money';

/** The campaign budget: committed to accepted influencers, spent on approved posts, and what is left. */
export function BudgetCard({ campaign }: { campaign: Campaign }) {
  const {
    total_budget_cents: total,
    committed_cents: committed,
    spent_cents: spent,
    left_cents: left,
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
