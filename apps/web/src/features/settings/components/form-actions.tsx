import { Button, Group, Text } from '@mantine/core';

/** The save row at the bottom of a settings form; says so when there is nothing new to save. */
export function FormActions({
  label,
  submitting,
  dirty,
}: {
  label: string;
  submitting: boolean;
  dirty: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {dirty && (
        <Text size="sm" c="dimmed" aria-live="polite">
          You have unsaved changes.
        </Text>
      )}
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}
