import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionResponse } from '@reach/contract/billing';
import { formatUsd } from '@reach/contract/money';
import { IconCheck } from '@tabler/icons-react';
import { formatCount } from '../../../lib/format';
import { type Plan, paidPlan } from '../utils/plans';

export function PlanComparison({
  subscription,
  onChoose,
}: {
  subscription: SubscriptionResponse;
  onChoose: (plan: Plan) => void;
}) {
  const paid = paidPlan(subscription);
  const currentPrice = subscription.plans.find((plan) => plan.id === paid)?.price_cents ?? 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby="plans-title">
      <Title order={2} fz="lg" id="plans-title">
        Plans
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {subscription.plans.map((plan) => {
          const current = plan.id === 'free' ? !paid && !subscription.trial : plan.id === paid;
          const trialPlan = subscription.trial && plan.id === subscription.plan;
          return (
            <Paper
              key={plan.id}
              withBorder
              p="lg"
              component="article"
              aria-labelledby={`plan-${plan.id}`}
              style={
                current || trialPlan
                  ? { borderColor: 'var(--mantine-color-reach-6)', borderWidth: 2 }
                  : undefined
              }
            >
              <Stack gap="md" h="100%">
                <Group justify="space-between" gap="xs">
                  <Title order={3} fz="lg" id={`plan-${plan.id}`}>
                    {plan.name}
                  </Title>
                  {current && <Badge variant="light">Your plan</Badge>}
                  {trialPlan && <Badge variant="light">On trial</Badge>}
                </Group>
                <div>
                  <Text span fz={28} fw={800}>
                    {formatUsd(plan.price_cents)}
                  </Text>
                  <Text span c="dimmed" size="sm">
                    {' '}
                    / month
                  </Text>
                </div>
                <Text size="sm" fw={600}>
                  {plan.monthly_credits > 0
                    ? `${formatCount(plan.monthly_credits)} discovery credits a month`
                    : 'No discovery credits'}
                </Text>
                <List
                  size="sm"
                  spacing={8}
                  icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
                  styles={{
                    itemIcon: { marginTop: 2, alignSelf: 'flex-start' },
                    itemLabel: { lineHeight: 1.45 },
                  }}
                  style={{ flexGrow: 1 }}
                >
                  {plan.features.map((feature) => (
                    <List.Item key={feature}>{feature}</List.Item>
                  ))}
                </List>
                <PlanAction
                  plan={plan}
                  subscription={subscription}
                  current={current}
                  currentPrice={currentPrice}
                  onChoose={onChoose}
                />
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function PlanAction({
  plan,
  subscription,
  current,
  currentPrice,
  onChoose,
}: {
  plan: Plan;
  subscription: SubscriptionResponse;
  current: boolean;
  currentPrice: number;
  onChoose: (plan: Plan) => void;
}) {
  if (plan.id === 'free') {
    if (current) {
      return (
        <Button variant="default" disabled fullWidth>
          Current plan
        </Button>
      );
    }
    return (
      <Text size="sm" c="dimmed" ta="center">
        {subscription.trial ? 'Remains when your trial ends' : 'Remains if you cancel your paid plan'}
      </Text>
    );
  }
  if (current && !subscription.cancel_at_period_end && subscription.status !== 'past_due') {
    return (
      <Button variant="default" disabled fullWidth>
        Current plan
      </Button>
    );
  }
  const label = current
    ? `Keep ${plan.name}`
    : subscription.trial && plan.id === subscription.plan
      ? `Subscribe to ${plan.name}`
      : plan.price_cents > currentPrice
        ? `Upgrade to ${plan.name}`
        : `Switch to ${plan.name}`;
  return (
    <Button fullWidth variant={current ? 'light' : 'filled'} onClick={() => onChoose(plan)}>
      {label}
    </Button>
  );
}
