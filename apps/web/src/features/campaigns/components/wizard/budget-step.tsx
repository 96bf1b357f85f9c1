import { Alert, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { API_MESSAGE } from '@reach/contract/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { amountExceedsBudget, type CampaignFormValues, requiredToPublish } from '../../utils/campaign-form';
import { formatMoney, inputToCents } from '../../utils/money';
import { MoneyInput } from './money-input';

/** Step 4 (cash and combination campaigns): the money, with a live warning when a post costs more than all. */
export function BudgetStep({ form }: { form: UseFormReturnType<CampaignFormValues> }) {
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
          placeholder="1"
          data-tour="budget-max-posts"
          {...form.getInputProps('max_posts_per_influencer')}
        />
      </SimpleGrid>
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
