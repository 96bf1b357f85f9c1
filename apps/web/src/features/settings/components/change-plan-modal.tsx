import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type Coupon, couponDiscount, type SubscriptionResponse } from '@reach/contract/billing';
import { formatUsd } from '@reach/contract/money';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { CardChoice, useCardChoice } from '../../../components/payments/card-choice';
import { errorMessage } from '../../../lib/api-error';
import { formatCount, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { getCoupon, useChangePlan } from '../api/subscription';
import { type Plan, paidMonthEnd, paidMonthStart, paidPlan, planName } from '../utils/plans';

export function ChangePlanModal({
  subscription,
  plan,
  opened,
  onClose,
}: {
  subscription: SubscriptionResponse;
  plan: Plan | null;
  opened: boolean;
  onClose: () => void;
}) {
  const change = useChangePlan();
  const choice = useCardChoice(opened);
  const { cardId, adding: addingCard, noCards } = choice;
  const paid = paidPlan(subscription);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const close = () => {
    change.reset();
    setCode('');
    setCoupon(null);
    setCouponError(null);
    choice.reset();
    onClose();
  };
  const applyCoupon = async () => {
    if (!code.trim()) return;
    setChecking(true);
    setCouponError(null);
    try {
      setCoupon(await getCoupon(code));
    } catch (error) {
      setCoupon(null);
      setCouponError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  };
  const confirm = async () => {
    if (!plan || plan.id === 'free') return;
    try {
      await change.mutateAsync({
        plan: plan.id,
        ...(coupon ? { coupon: coupon.code } : {}),
        ...(cardId !== null ? { payment_method_id: cardId } : {}),
      });
      toast.success(`You are now on the ${plan.name} plan.`);
      close();
    } catch {
      // Shown in the modal; the choice stays open to retry (another card, no coupon).
    }
  };
  const discount = plan && coupon ? couponDiscount(coupon, plan.price_cents) : 0;
  // The paid month starts when the trial ends: its remaining days are not thrown away.
  const keptFrom = paidMonthStart(subscription);

  return (
    <Modal
      opened={opened && plan !== null}
      onClose={close}
      title={`Choose the ${plan?.name ?? ''} plan?`}
      centered
    >
      {plan && (
        <Stack gap="md">
          <Text size="sm">
            You will pay <strong>{formatUsd(plan.price_cents)} a month</strong>, charged to your card, and get{' '}
            {formatCount(plan.monthly_credits)} discovery credits now and each month.
          </Text>
          {paid && paid !== plan.id && (
            <Text size="sm">
              {keptFrom
                ? `Your ${planName(subscription, paid)} plan ends now and the ${plan.name} plan starts today; what you paid for the month from ${formatDate(keptFrom)} is credited on the first invoice, and the ${plan.name} month still starts on ${formatDate(keptFrom)}.`
                : `Your ${planName(subscription, paid)} plan ends now and the ${plan.name} plan starts today; the unused part of this month is credited on the first invoice.`}
            </Text>
          )}
          {subscription.trial && keptFrom && (
            <Text size="sm">
              You keep the rest of your free trial: the {plan.name} plan starts today, and the first month you
              pay for today runs from the end of the trial, {formatDate(keptFrom)}, to{' '}
              {formatDate(paidMonthEnd(keptFrom))}. The next charge comes then.
            </Text>
          )}

          <CardChoice choice={choice} />

          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Coupon code"
              placeholder="e.g. WELCOME20"
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setCoupon(null);
                setCouponError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void applyCoupon();
                }
              }}
              error={couponError}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              onClick={() => void applyCoupon()}
              loading={checking}
              disabled={!code.trim()}
              mb={couponError ? 22 : 0}
            >
              Apply
            </Button>
          </Group>
          {coupon && (
            <Text size="sm" c="teal.8" fw={600}>
              {coupon.code}: {coupon.description}
            </Text>
          )}
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm">{plan.name} plan, monthly</Text>
                <Text size="sm">{formatUsd(plan.price_cents)}</Text>
              </Group>
              {discount > 0 && (
                <Group justify="space-between">
                  <Text size="sm">Coupon {coupon?.code}</Text>
                  <Text size="sm">−{formatUsd(discount)}</Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text size="sm" fw={700}>
                  Due today{paid && paid !== plan.id ? ' (before credit for unused time)' : ''}
                </Text>
                <Text size="sm" fw={700}>
                  {formatUsd(plan.price_cents - discount)}
                </Text>
              </Group>
            </Stack>
          </Paper>
          {change.error && <FormAlert>{errorMessage(change.error)}</FormAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Not now
            </Button>
            <Button
              onClick={confirm}
              loading={change.isPending}
              disabled={cardId === null || addingCard || noCards}
            >
              Confirm {plan.name} plan
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
