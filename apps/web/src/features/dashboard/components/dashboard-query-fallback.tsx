import { Alert, Skeleton, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { errorMessage } from '../../../lib/api-error';

/**
 * What a dashboard shows before its figures arrive: skeletons while loading, the error when the load failed,
 * nothing once there is data (the caller renders it).
 */
export function dashboardQueryFallback(query: { isPending: boolean; error: unknown }): ReactElement | null {
  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton h={96} />
        <Skeleton h={300} />
      </Stack>
    );
  }
  if (query.error) {
    return (
      <Alert color="red" variant="light" title="We could not load your dashboard figures">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return null;
}
