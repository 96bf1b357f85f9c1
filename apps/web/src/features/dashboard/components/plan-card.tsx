import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@reach/contract/money';
import { PLANS } from '@reach/contract/plans';
import type { User } from '@reach/contract/user';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { daysLeft, formatDate } from '../../../lib/format';
import { cheapestPaidPlan } from '../../../lib/plans';
import { hasSubscriptionAccess, SUBSCRIPTIONS_PATH } from '../../../lib/subscription';

const PLAN_LABEL = { free: 'Free', pro: 'Pro', business: 'Business' } as const;
const STATUS_LABEL = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  none: 'No subscription',
} as const;

/** The business's plan: trial days left (a part-day counts, never below 0), the active plan, or the free tier. */
export function PlanCard({ user, tourTarget }: { user: User; tourTarget?: string }) {
  const subscription = user.subscription_metadata;

  if (subscription?.trial) {
    const left = daysLeft(subscription.trial_ends_at);
    return (
      <Card tourTarget={tourTarget} title="Pro trial" badge={<Badge variant="light">Trial</Badge>}>
        <Text fz={32} fw={800} lh={1.1}>
          {left} {left === 1 ? 'day' : 'days'} left
        </Text>
        {subscription.trial_ends_at && (
          <Text size="sm" c="dimmed">
            Your free trial of the Pro plan ends on {formatDate(subscription.trial_ends_at)}.
          </Text>
        )}
        <PlansButton label="Choose a plan" />
      </Card>
    );
  }

  if (hasSubscriptionAccess(user) && subscription) {
    return (
      <Card
        tourTarget={tourTarget}
        title={`${PLAN_LABEL[subscription.plan]} plan`}
        badge={
          <Badge variant="light" color={subscription.status === 'past_due' ? 'red' : 'teal'}>
            {STATUS_LABEL[subscription.status]}
          </Badge>
        }
      >
        {subscription.current_period_end && (
          <Text size="sm" c="dimmed">
            Current period ends on {formatDate(subscription.current_period_end)}.
          </Text>
        )}
        <PlansButton label="Manage subscription" variant="default" />
      </Card>
    );
  }

  const cheapest = cheapestPaidPlan(PLANS);
  return (
    <Card
      tourTarget={tourTarget}
      title="Free plan"
      badge={
        <Badge variant="light" color="gray">
          Free
        </Badge>
      }
    >
      <Text size="sm" c="dimmed">
        Campaigns, influencers, connections and posts need a paid plan.{' '}
        {cheapest && `The ${cheapest.name} plan (${formatUsd(cheapest.price_cents)} a month) unlocks them.`}
      </Text>
      <PlansButton label="See plans" />
    </Card>
  );
}

function Card({
  title,
  badge,
  children,
  tourTarget,
}: {
  title: string;
  badge: ReactNode;
  children: ReactNode;
  tourTarget?: string;
}) {
  return (
    <Paper withBorder p="lg" h="100%" data-tour={tourTarget}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function PlansButton({ label, variant = 'filled' }: { label: string; variant?: 'filled' | 'default' }) {
  return (
    <Button component={Link} to={SUBSCRIPTIONS_PATH} variant={variant} mt="xs" w="fit-content">
      {label}
    </Button>
  );
}
