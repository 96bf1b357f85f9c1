import { Badge } from '@mantine/core';
import { RELATIONSHIP_LABELS, type Relationship } from '@reach/contract/directory';

const COLOR: Record<Relationship, string> = { connected: 'teal', pending: 'blue', none: 'gray' };

export function RelationshipBadge({ relationship }: { relationship: Relationship }) {
  if (relationship === 'none') return null;
  return (
    <Badge size="sm" variant="light" color={COLOR[relationship]}>
      {RELATIONSHIP_LABELS[relationship]}
    </Badge>
  );
}
