import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Coupon,
  couponDiscount,
  PLANS,
  type PlanId,
  type SubscriptionResponse,
} from '@reach/contract/billing';
import { TRIAL_DAYS } from '@reach/contract/constants';
import { formatUsd } from '@reach/contract/money';
import type { User } from '@reach/contract/user';
import { IconAlertCircle, IconCheck, IconCoins } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { AddCardForm } from '../../../components/payments/add-card-form';
import { CardSelect, preferredCard } from '../../../components/payments/card-select';
import { errorMessage } from '../../../lib/api-error';
import { daysLeft, formatCount, formatDate } from '../../../lib/format';
import { usePaymentMethods } from '../../../lib/payments/get-payment-methods';
import { useCurrentUser } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { getCoupon, subscriptionQueryOptions, useCancelPlan, useChangePlan } from '../api/subscription';
import { SettingsCard } from '../components/settings-card';
import { SettingsPageGate } from '../components/settings-page-gate';

type Plan = SubscriptionResponse['plans'][number];
type PaidPlanId = Exclude<PlanId, 'free'>;

const STATUS: Record<SubscriptionResponse['status'], { label: string; color: string }> = {
  trialing: { label: 'Trial', color: 'reach' },
  active: { label: 'Active', color: 'teal' },
  past_due: { label: 'Past due', color: 'red' },
  canceled: { label: 'Canceled', color: 'gray' },
  none: { label: 'Free tier', color: 'gray' },
};

/** /business/settings/subscriptions — the current plan, the plans side by side, upgrade, switch and cancel. */
export default function SubscriptionsRoute() {
  return (
    <SettingsPageGate page="subscriptions">
      <SubscriptionsPage />
    </SettingsPageGate>
  );
}

function SubscriptionsPage() {
  const user = useCurrentUser();
  const query = useQuery(subscriptionQueryOptions());
  // Without the endpoint the page still shows what the user record knows and the plans of the contract.
  const subscription = query.data ?? (query.isError ? fallbackSubscription(user) : undefined);
  // The chosen plan outlives the modal's closing animation, so its text does not change while it fades.
  const [changing, setChanging] = useState<Plan | null>(null);
  const [changeOpened, setChangeOpened] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const choose = (plan: Plan) => {
    setChanging(plan);
    setChangeOpened(true);
  };

  return (
    <div>
      <PageHeader
        title="Subscriptions"
        description={`Your REACH plan. New businesses get a ${TRIAL_DAYS}-day free trial of the Pro plan; after it the Free plan remains.`}
      />
      <Stack gap="lg">
        {query.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title="We could not load your subscription"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {errorMessage(query.error)} What is shown below comes from your account and may be out of
                date.
              </Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => query.refetch()}
                loading={query.isFetching}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {subscription ? (
          <>
            <CurrentPlanCard
              subscription={subscription}
              credits={user.credits}
              onCancel={() => setCanceling(true)}
            />
            <PlanComparison subscription={subscription} onChoose={choose} />
            <ChangePlanModal
              subscription={subscription}
              plan={changing}
              opened={changeOpened}
              onClose={() => setChangeOpened(false)}
            />
            <CancelModal subscription={subscription} opened={canceling} onClose={() => setCanceling(false)} />
          </>
        ) : (
          <Stack gap="lg" aria-busy="true" aria-label="Loading your subscription">
            <Skeleton height={150} radius="lg" />
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <Skeleton height={320} radius="lg" />
              <Skeleton height={320} radius="lg" />
              <Skeleton height={320} radius="lg" />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </div>
  );
}

function fallbackSubscription(user: User): SubscriptionResponse {
  const meta = user.subscription_metadata;
  return {
    plan: meta?.plan ?? 'free',
    status: meta?.status ?? 'none',
    trial: meta?.trial ?? false,
    trial_ends_at: meta?.trial_ends_at ?? null,
    current_period_end: meta?.current_period_end ?? null,
    cancel_at_period_end: false,
    plans: PLANS.map((plan) => ({ ...plan, features: [...plan.features] })),
  };
}

/** A paid plan the business pays for now (not a trial). */
function paidPlan(subscription: SubscriptionResponse): PaidPlanId | null {
  if (subscription.trial || subscription.plan === 'free') return null;
  return subscription.status === 'active' || subscription.status === 'past_due' ? subscription.plan : null;
}

function planName(subscription: SubscriptionResponse, id: PlanId): string {
  return subscription.plans.find((plan) => plan.id === id)?.name ?? id;
}

function CurrentPlanCard({
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
                  The trial ends on {formatDate(subscription.trial_ends_at)}. Subscribe to keep campaigns,
                  influencers, connections and posts.
                </Text>
              )}
            </>
          )}
          {paid && subscription.current_period_end && (
            <Text size="sm" c="dimmed">
              {subscription.cancel_at_period_end
                ? `Your plan ends on ${formatDate(subscription.current_period_end)}; after that the Free plan remains.`
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

function PlanComparison({
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

function ChangePlanModal({
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
  const cards = usePaymentMethods({ enabled: opened });
  const paid = paidPlan(subscription);
  const [cardId, setCardId] = useState<number | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const list = cards.data?.data;

  useEffect(() => {
    if (opened && cardId === null) setCardId(preferredCard(list));
  }, [opened, list, cardId]);

  const close = () => {
    change.reset();
    setCode('');
    setCoupon(null);
    setCouponError(null);
    setAddingCard(false);
    setCardId(null);
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
  const noCards = !!list && list.length === 0;

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
              Your {planName(subscription, paid)} plan ends now and the {plan.name} plan starts today; the
              unused part of this month is credited on the first invoice.
            </Text>
          )}
          {subscription.trial && (
            <Text size="sm">Your free trial ends now and the paid plan starts today.</Text>
          )}

          {cards.isPending && <Skeleton h={56} aria-label="Loading your cards" />}
          {list && (addingCard || noCards) ? (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {noCards ? 'Add a card to pay with' : 'Add a card'}
              </Text>
              <AddCardForm
                canChooseDefault={!noCards}
                onCancel={noCards ? undefined : () => setAddingCard(false)}
                onSaved={(card) => {
                  setCardId(card.id);
                  setAddingCard(false);
                }}
              />
            </Stack>
          ) : (
            list && (
              <>
                <CardSelect cards={list} value={cardId} onChange={setCardId} />
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setAddingCard(true)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Use another card
                </Anchor>
              </>
            )
          )}

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

function CancelModal({
  subscription,
  opened,
  onClose,
}: {
  subscription: SubscriptionResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelPlan();
  const paid = paidPlan(subscription);
  const name = paid ? planName(subscription, paid) : 'paid';
  const end = formatDate(subscription.current_period_end);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(`Your ${name} plan will end on ${end || 'the end of this period'}.`);
      close();
    } catch {
      // Shown in the modal.
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Cancel your ${name} plan?`} centered>
      <Stack gap="md">
        <Text size="sm">
          The cancellation takes effect at the end of the current period
          {end ? (
            <>
              , on <strong>{end}</strong>
            </>
          ) : null}
          . Until then you keep everything in your plan; nothing more is charged.
        </Text>
        <Text size="sm">
          After that the Free plan remains: campaigns, influencers, connections and posts need a paid plan
          again.
        </Text>
        {cancel.error && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Keep my plan
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending}>
            Cancel at period end
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
