import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error';

/** What a list shows besides its rows: the loading skeleton, the error, and the two empty states. */
export function ListStates({
  noun,
  error,
  isPending,
  total,
  filtered,
  onClear,
  empty,
}: {
  /** Plural, lower case: "users". */
  noun: string;
  error: unknown;
  isPending: boolean;
  total: number | undefined;
  filtered: boolean;
  onClear: () => void;
  /** The empty state when nothing exists at all (no filter). */
  empty?: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title={`We could not load the ${noun}`}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${noun}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={48} />
        ))}
      </Stack>
    );
  }
  if (total !== 0) return null;
  if (!filtered && empty) return <>{empty}</>;
  return (
    <EmptyState
      icon={<IconSearch size={28} aria-hidden />}
      title={`No ${noun} match`}
      description="Try another search or filter."
      py="xl"
    >
      {filtered && (
        <EmptyState.Actions>
          <Button variant="default" onClick={onClear}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
