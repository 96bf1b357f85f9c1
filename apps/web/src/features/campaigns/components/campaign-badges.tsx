import { Badge, type BadgeProps } from '@mantine/core';
import type { CampaignStatus } from '@reach/contract/campaigns';
import { CAMPAIGN_TYPES } from '@reach/contract/constants';

const STATUS_COLOR: Record<CampaignStatus, string> = {
  draft: 'gray',
  active: 'teal',
  paused: 'yellow',
  completed: 'blue',
  archived: 'dark',
};

export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  archived: 'Archived',
};

export function CampaignStatusBadge({ status, ...props }: { status: CampaignStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" {...props}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

const TYPE_COLOR: Record<number, string> = { 1: 'grape', 2: 'green', 3: 'reach' };

/** The campaign type as its short name (Product, Cash, Combination). */
export function CampaignTypeBadge({
  typeId,
  name,
  ...props
}: { typeId: number; name?: string } & BadgeProps) {
  const label = name ?? CAMPAIGN_TYPES.find((type) => type.id === typeId)?.name ?? 'Campaign';
  return (
    <Badge color={TYPE_COLOR[typeId] ?? 'gray'} variant="outline" {...props}>
      {label}
    </Badge>
  );
}
