import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { API_MESSAGE } from '@reach/contract/messages';
import { IconAlertTriangle, IconCircleCheck, IconCoin } from '@tabler/icons-react';
import { amountExceedsBudget, type CampaignFormValues, requiredToPublish } from '../../utils/campaign-form';
import { formatMoney, inputToCents } from '../../utils/money';
import { MoneyInput } from './money-input';

export type WizardFunding = { fundedCents: number; toFundCents: number; canFund: boolean };

/**
 * Step 4 (cash and combination campaigns): the money, with a live warning when a post costs more than all,
 * and the funding: the total budget is paid by card before the campaign can be published.
 */
export function BudgetStep({
  form,
  funding,
  onFund,
  fundingBusy = false,
}: {
  form: UseFormReturnType<CampaignFormValues>;
  /** What the saved campaign has funded (null before the first save). */
  funding?: WizardFunding | null;
  onFund?: () => void;
  fundingBusy?: boolean;
}) {
  const { values } = form;
  const required = (field: Parameters<typeof requiredToPublish>[1]) =>
    requiredToPublish(values.type_id, field);
  const total = inputToCents(values.total_budget);
  const perPost = inputToCents(values.amount_per_post);
  const exceeds = amountExceedsBudget(values);
  const posts = total !== null && perPost !== null && perPost > 0 ? Math.floor(total / perPost) : null;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MoneyInput
          label="Total budget"
          description="The most you will pay out in this campaign"
          required={required('total_budget_cents')}
          data-tour="budget-total"
          {...form.getInputProps('total_budget')}
        />
        <MoneyInput
          label="Amount per post"
          description="Paid for each approved post"
          required={required('amount_per_post_cents')}
          data-tour="budget-per-post"
          {...form.getInputProps('amount_per_post')}
          error={form.errors.amount_per_post ?? exceeds}
        />
        <NumberInput
          label="Max posts per influencer"
          description="How many paid posts one influencer can make"
          required={required('max_posts_per_influencer')}
          min={1}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          data-tour="budget-max-posts"
          {...form.getInputProps('max_posts_per_influencer')}
        />
      </SimpleGrid>
      <FundingNote
        total={total}
        funding={funding ?? null}
        onFund={onFund}
        busy={fundingBusy}
        blocked={!!exceeds}
      />
      {exceeds ? (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Over budget"
          data-tour="budget-warning"
        >
          {API_MESSAGE.campaignAmountExceedsBudget} Lower the amount per post or raise the total budget before
          publishing.
        </Alert>
      ) : (
        posts !== null && (
          <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
            <Text size="sm">
              {formatMoney(total)} covers{' '}
              <Text span fw={700}>
                {posts} {posts === 1 ? 'post' : 'posts'}
              </Text>{' '}
              at {formatMoney(perPost)} each.
            </Text>
          </Paper>
        )
      )}
    </Stack>
  );
}

/** Funding status under the budget: funded, or what publishing still needs with a "Fund campaign" button. */
function FundingNote({
  total,
  funding,
  onFund,
  busy,
  blocked,
}: {
  total: number | null;
  funding: WizardFunding | null;
  onFund: (() => void) | undefined;
  busy: boolean;
  blocked: boolean;
}) {
  if (total === null || total <= 0) return null;
  const funded = funding?.fundedCents ?? 0;
  const missing = Math.max(0, total - funded);
  if (missing === 0) {
    return (
      <Group gap={6} c="teal.8">
        <IconCircleCheck size={18} aria-hidden />
        <Text size="sm" fw={600}>
          Budget funded: {formatMoney(funded)} paid by card.
        </Text>
      </Group>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" data-tour="budget-funding">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" fw={600}>
            Fund the budget to publish
          </Text>
          <Text size="sm" c="dimmed">
            {funded > 0 ? `${formatMoney(funded)} is funded; ` : ''}
            {formatMoney(missing)} is charged to your card and held for influencers' approved posts. What is
            left when the campaign ends is refunded.
          </Text>
        </Stack>
        {onFund && (
          <Button
            variant="light"
            leftSection={<IconCoin size={16} aria-hidden />}
            onClick={onFund}
            loading={busy}
            disabled={blocked}
          >
            Fund campaign
          </Button>
        )}
      </Group>
    </Paper>
  );
}
