import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { SubscriptionResponse } from '@reach/contract/billing';
import { TRIAL_CREDITS } from '@reach/contract/constants';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { daysLeft, formatCount, formatDate } from '../../../lib/format';
import { paidMonthStart, paidPlan, planName, STATUS } from '../utils/plans';
import { SettingsCard } from './settings-card';

export function CurrentPlanCard({
  subscription,
  credits,
  onCancel,
}: {
  subscription: SubscriptionResponse;
  credits: number;
  onCancel: () => void;
}) {
  const paid = paidPlan(subscription);
  const status = subscription.cancel_at_period_end
    ? { label: 'Ends at period end', color: 'orange' }
    : STATUS[subscription.status];
  const title = subscription.trial
    ? `${planName(subscription, subscription.plan)} trial`
    : paid
      ? `${planName(subscription, paid)} plan`
      : 'Free plan';
  const left = daysLeft(subscription.trial_ends_at);
  const prepaidFrom = paid ? paidMonthStart(subscription) : null;

  return (
    <SettingsCard title="Current plan" headingId="current-plan-title">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Text fz={24} fw={800} lh={1.2}>
              {title}
            </Text>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          </Group>
          {subscription.trial && (
            <>
              <Text fw={600}>
                {left} {left === 1 ? 'day' : 'days'} left in your free trial
              </Text>
              {subscription.trial_ends_at && (
                <Text size="sm" c="dimmed">
                  The trial ends on {formatDate(subscription.trial_ends_at)} and includes{' '}
                  {formatCount(TRIAL_CREDITS)} discovery credits. Subscribe to keep campaigns, influencers,
                  connections and posts: the rest of the trial is kept, and your first paid month starts when
                  it ends.
                </Text>
              )}
            </>
          )}
          {paid && subscription.current_period_end && (
            <Text size="sm" c="dimmed">
              {subscription.cancel_at_period_end
                ? `Your plan ends on ${formatDate(subscription.current_period_end)}; after that the Free plan remains.`
                : prepaidFrom
                  ? `Current period ends on ${formatDate(subscription.current_period_end)}; the plan renews then. It is your first paid month: it starts on ${formatDate(prepaidFrom)}, when your trial would have ended.`
                  : `Current period ends on ${formatDate(subscription.current_period_end)}; the plan renews then.`}
            </Text>
          )}
          {subscription.status === 'past_due' && (
            <Text size="sm" c="red.8">
              The last payment did not go through. Choose your plan again to pay for it.
            </Text>
          )}
          {!paid && !subscription.trial && (
            <Text size="sm" c="dimmed">
              Campaigns, influencers, connections and posts need a Pro or Business plan.
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            <IconCoins size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              {formatCount(credits)} discovery {credits === 1 ? 'credit' : 'credits'} available
            </Text>
          </Group>
          <Anchor component={Link} to="/business/payments?tab=invoices" size="sm">
            Invoices and payment methods
          </Anchor>
        </Stack>
        {paid && !subscription.cancel_at_period_end && (
          <Button variant="default" color="red" onClick={onCancel}>
            Cancel plan
          </Button>
        )}
      </Group>
    </SettingsCard>
  );
}
