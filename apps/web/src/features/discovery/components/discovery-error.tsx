import { Alert, Anchor } from '@mantine/core';
import { cheapestPlanFor, planLabel } from '@reach/contract/plans';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-error';

export const PLANS_PATH = '/business/settings/subscriptions';

/** Whether a failure means the business has too few credits (or no plan): 402. */
export function isOutOfCredits(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

/** The heading of a 402: too few credits (`not_enough_credits`), or no plan: the cheapest that unlocks discovery. */
function paymentTitle(error: unknown): string {
  return error instanceof ApiError && error.code === 'not_enough_credits'
    ? 'Not enough credits'
    : `The ${planLabel(cheapestPlanFor('discovery'))} plan is needed`;
}

/**
 * A failed search or report, said plainly. A 402 (not enough credits, or no plan) links to the plans, where more
 * credits come from; anything else shows the API's sentence.
 */
export function DiscoveryError({ error, title }: { error: unknown; title: string }) {
  const credits = isOutOfCredits(error);
  return (
    <Alert
      color={credits ? 'yellow' : 'red'}
      variant="light"
      role="alert"
      title={credits ? paymentTitle(error) : title}
    >
      {errorMessage(error)}{' '}
      {credits && (
        <Anchor component={Link} to={PLANS_PATH} fw={600}>
          See plans and credits
        </Anchor>
      )}
    </Alert>
  );
}
