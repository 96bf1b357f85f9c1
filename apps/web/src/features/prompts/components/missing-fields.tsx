import { Text } from '@mantine/core';
import type { ProfileRequirement } from '../../../lib/profile';

/** "Still missing: …" under the incomplete-profile prompt, so the user knows what to fill in. */
export function MissingFields({ requirements }: { requirements: ProfileRequirement[] }) {
  const missing = requirements
    .filter((requirement) => !requirement.met)
    .map((requirement) => requirement.label);
  if (missing.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      Still missing: {missing.join(', ')}.
    </Text>
  );
}
