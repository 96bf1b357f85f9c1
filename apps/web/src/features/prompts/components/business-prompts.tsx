import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { TRIAL_DAYS } from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import { PLANS } from '@reach/contract/plans';
import type { User } from '@reach/contract/user';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { daysLeft } from '../../../lib/format';
import { unlockSentence } from '../../../lib/plans';
import { businessProfileRequirements, isComplete } from '../../../lib/profile';
import { useCurrentUser } from '../../../lib/session/session';
import { hasSubscriptionAccess, SUBSCRIPTIONS_PATH } from '../../../lib/subscription';
import { isTrialNoticeDue, recordTrialNoticeShown } from '../utils/trial-notice';
import { MissingFields } from './missing-fields';
import { PromptModal } from './prompt-modal';

type Prompt = 'trial' | 'incomplete-profile' | 'trial-and-profile' | 'subscription';

const SETTINGS_PATH = '/business/settings';

/** What the business guard puts in the location state when it sends a business from a gated page. */
function triedGatedPage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'subscriptionRequired' in state;
}

/**
 * The prompts when the business layout loads (spec §4, as issue 12 refines it). The trial notice and the
 * incomplete-profile prompt never stack: when both are due they are one prompt. The subscription prompt does not
 * show on load: a business without a plan opens its dashboard, payments and settings freely, and gets the
 * prompt when it tries a gated page (the guard sends it to the subscriptions page with `subscriptionRequired`).
 */
export function businessPromptsOnLoad(user: User, state: unknown, now: number): Prompt[] {
  const trial = !!user.subscription_metadata?.trial && isTrialNoticeDue(user.id, now);
  // lib/profile applies the spec §5 rules of the contract's isBusinessProfileComplete without pulling the
  // contract's zod schemas into the first download.
  const incomplete = !isComplete(businessProfileRequirements(user.business));
  const prompts: Prompt[] = [];
  if (trial && incomplete) prompts.push('trial-and-profile');
  else if (trial) prompts.push('trial');
  else if (incomplete) prompts.push('incomplete-profile');
  if (!hasSubscriptionAccess(user) && triedGatedPage(state)) prompts.push('subscription');
  return prompts;
}

/**
 * The business layout's prompts, one at a time. They are decided when the layout loads, and again when the
 * business guard sends a business without a plan from a gated page (the subscription prompt).
 */
export function BusinessPrompts() {
  const user = useCurrentUser();
  const location = useLocation();
  const [queue, setQueue] = useState<Prompt[]>(() => businessPromptsOnLoad(user, location.state, Date.now()));
  const prompt = queue[0];

  // A gated page tried while the layout stays mounted (the guard redirected within it): each try is a navigation.
  const triedAt = !hasSubscriptionAccess(user) && triedGatedPage(location.state) ? location.key : null;
  useEffect(() => {
    if (triedAt === null) return;
    setQueue((current) => (current.includes('subscription') ? current : [...current, 'subscription']));
  }, [triedAt]);

  const recordTrial = () => {
    if (prompt === 'trial' || prompt === 'trial-and-profile') recordTrialNoticeShown(user.id);
  };
  const next = () => {
    recordTrial();
    setQueue((current) => current.slice(1));
  };
  // Following a prompt's action leaves the rest for the next load: the user chose where to go.
  const follow = () => {
    recordTrial();
    setQueue([]);
  };

  const left = daysLeft(user.subscription_metadata?.trial_ends_at);
  const trialSentence =
    left === 0
      ? `Your ${TRIAL_DAYS}-day free trial of the Pro plan ends today.`
      : `You have ${left} ${left === 1 ? 'day' : 'days'} left in your ${TRIAL_DAYS}-day free trial of the Pro plan.`;
  const unlock = unlockSentence(PLANS);
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
          <Text>{trialSentence}</Text>
          <Text size="sm" c="dimmed">
            Choose a plan before it ends to keep running campaigns, finding influencers and reviewing posts.
          </Text>
        </Stack>
      </PromptModal>
      <PromptModal
        opened={prompt === 'trial-and-profile'}
        title="Your Pro trial"
        actionTo={SETTINGS_PATH}
        onClose={next}
        onAction={follow}
      >
        <Stack gap="sm">
          <Text>{trialSentence}</Text>
          <Text size="sm" c="dimmed">
            Choose a plan before it ends to keep running campaigns, finding influencers and reviewing posts.{' '}
            <Anchor component={Link} to={SUBSCRIPTIONS_PATH} onClick={follow} size="sm">
              See plans
            </Anchor>
          </Text>
          <Divider />
          <Text>{SPEC_TEXT.incompleteProfile}</Text>
          <MissingFields requirements={businessProfileRequirements(user.business)} />
        </Stack>
      </PromptModal>
      <PromptModal
        opened={prompt === 'incomplete-profile'}
        title="Finish your profile"
        actionTo={SETTINGS_PATH}
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
        <Stack gap="xs">
          <Text>{SPEC_TEXT.subscriptionModalText}</Text>
          {unlock && (
            <Text size="sm" c="dimmed">
              {unlock}
            </Text>
          )}
        </Stack>
      </PromptModal>
    </>
  );
}
