import { Alert, Anchor, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useActiveCampaigns } from '../lib/connections/get-active-campaigns';

/**
 * "Campaign": choose one of the business's active campaigns (GET /campaigns/active, loaded while `enabled`),
 * as the invitation and message modals ask. Campaigns in `takenCampaignIds` are listed but disabled, marked
 * "(already connected)". Without an active campaign the select gives way to the nudge to publish one, and so
 * do `children` (the fields that only make sense with a campaign). `error` is the select's own message.
 */
export function ActiveCampaignSelect({
  enabled,
  value,
  onChange,
  takenCampaignIds = [],
  noCampaign = 'You have no active campaign to invite to.',
  error,
  children,
}: {
  enabled: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  takenCampaignIds?: readonly number[];
  /** The sentence before "Publish a campaign first." when there is no active campaign. */
  noCampaign?: string;
  error?: ReactNode;
  children?: ReactNode;
}) {
  const campaigns = useActiveCampaigns({ enabled });
  if (campaigns.data && campaigns.data.length === 0)
    return (
      <Alert color="yellow" variant="light">
        {noCampaign}{' '}
        <Anchor component={Link} to="/business/campaigns">
          Publish a campaign
        </Anchor>{' '}
        first.
      </Alert>
    );
  return (
    <>
      <Select
        label="Campaign"
        placeholder={campaigns.isPending ? 'Loading your campaigns…' : 'Choose an active campaign'}
        data={(campaigns.data ?? []).map((c) => {
          const taken = takenCampaignIds.includes(c.id);
          return {
            value: String(c.id),
            label: `${c.title ?? 'Untitled campaign'}${taken ? ' (already connected)' : ''}`,
            disabled: taken,
          };
        })}
        value={value}
        onChange={onChange}
        error={error}
        comboboxProps={{ withinPortal: true }}
        required
      />
      {children}
    </>
  );
}
