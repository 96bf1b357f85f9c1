import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { TRIAL_CREDITS, TRIAL_DAYS } from '@reach/contract/constants';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session/session';
import { subscriptionQueryOptions } from '../api/subscription';
import { CancelModal } from '../components/cancel-plan-modal';
import { ChangePlanModal } from '../components/change-plan-modal';
import { CurrentPlanCard } from '../components/current-plan-card';
import { PlanComparison } from '../components/plan-comparison';
import { SettingsPageGate } from '../components/settings-page-gate';
import { fallbackSubscription, type Plan } from '../utils/plans';

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
        description={`Your REACH plan. New businesses get a ${TRIAL_DAYS}-day free trial of the Pro plan that includes ${TRIAL_CREDITS} discovery credits; after it the Free plan remains.`}
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
