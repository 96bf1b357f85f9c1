import { Stack, Text } from '@mantine/core';
import { TRIAL_DAYS } from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { User } from '@reach/contract/user';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { daysLeft } from '../../../lib/format';
import { businessProfileRequirements, isComplete } from '../../../lib/profile';
import { useCurrentUser } from '../../../lib/session/session';
import { hasSubscriptionAccess, SUBSCRIPTIONS_PATH } from '../../../lib/subscription';
import { isTrialNoticeDue, recordTrialNoticeShown } from '../utils/trial-notice';
import { MissingFields } from './missing-fields';
import { PromptModal } from './prompt-modal';

type Prompt = 'trial' | 'incomplete-profile' | 'subscription';

const PAYMENTS_PATH = '/business/payments';

/**
 * Spec §4 "Business layout on load": request the trial notice when on a trial; then the incomplete-profile prompt
 * when the profile is incomplete, otherwise the subscription prompt when there is no subscription or trial and
 * the page is not under /business/payments. They show one after the other, in that order.
 */
export function businessPromptsOnLoad(user: User, pathname: string, now: number): Prompt[] {
  const prompts: Prompt[] = [];
  if (user.subscription_metadata?.trial && isTrialNoticeDue(user.id, now)) prompts.push('trial');
  // lib/profile applies the spec §5 rules of the contract's isBusinessProfileComplete without pulling the
  // contract's zod schemas into the first download.
  const underPayments = pathname === PAYMENTS_PATH || pathname.startsWith(`${PAYMENTS_PATH}/`);
  if (!isComplete(businessProfileRequirements(user.business))) prompts.push('incomplete-profile');
  else if (!hasSubscriptionAccess(user) && !underPayments) prompts.push('subscription');
  return prompts;
}

/**
 * The business layout's prompts. They are decided once, when the layout loads: the business guard sends a
 * business without a subscription from a gated page to the subscriptions page, which loads the layout anew, so
 * the subscription prompt shows there too.
 */
export function BusinessPrompts() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const [queue, setQueue] = useState<Prompt[]>(() => businessPromptsOnLoad(user, pathname, Date.now()));
  const prompt = queue[0];

  const next = () => {
    if (prompt === 'trial') recordTrialNoticeShown(user.id);
    setQueue((current) => current.slice(1));
  };
  // Following a prompt's action leaves the rest for the next load: the user chose where to go.
  const follow = () => {
    if (prompt === 'trial') recordTrialNoticeShown(user.id);
    setQueue([]);
  };

  const left = daysLeft(user.subscription_metadata?.trial_ends_at);
  return (
    <>
      <PromptModal
        opened={prompt === 'trial'}
        title="Your Pro trial"
        actionLabel="See plans"
        actionTo={SUBSCRIPTIONS_PATH}
        onClose={next}
        onAction={follow}
      >
        <Stack gap="xs">
          <Text>
            {left === 0
              ? `Your ${TRIAL_DAYS}-day free trial of the Pro plan ends today.`
              : `You have ${left} ${left === 1 ? 'day' : 'days'} left in your ${TRIAL_DAYS}-day free trial of the Pro plan.`}
          </Text>
          <Text size="sm" c="dimmed">
            Choose a plan before it ends to keep running campaigns, finding influencers and reviewing posts.
          </Text>
        </Stack>
      </PromptModal>
      <PromptModal
        opened={prompt === 'incomplete-profile'}
        title="Finish your profile"
        actionTo="/business/settings"
        onClose={next}
        onAction={follow}
      >
        <Stack gap="xs">
          <Text>{SPEC_TEXT.incompleteProfile}</Text>
          <MissingFields requirements={businessProfileRequirements(user.business)} />
        </Stack>
      </PromptModal>
      <PromptModal
        opened={prompt === 'subscription'}
        title={SPEC_TEXT.subscriptionModalTitle}
        actionTo={SUBSCRIPTIONS_PATH}
        onClose={next}
        onAction={follow}
      >
        {SPEC_TEXT.subscriptionModalText}
      </PromptModal>
    </>
  );
}
