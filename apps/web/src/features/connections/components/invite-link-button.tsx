import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useActiveCampaigns } from '../../../lib/connections/get-active-campaigns';
import { formatDate } from '../../../lib/format';
import { useGenerateInviteLink } from '../api/generate-invite-link';

/**
 * "Invite link": a signed sign-up link for one of the business's active campaigns (GET /invite/generate). An
 * influencer who signs up with it is invited to the campaign at once.
 */
export function InviteLinkButton() {
  const [open, setOpen] = useState(false);
  const campaigns = useActiveCampaigns({ enabled: open });
  const generate = useGenerateInviteLink();
  const [campaignId, setCampaignId] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setCampaignId(null);
    generate.reset();
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLink size={18} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        Invite link
      </Button>
      <Modal opened={open} onClose={close} title="Invite influencers with a link" centered>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Share this link with influencers who are not on REACH yet. When they sign up with it, they are
            invited to the campaign. Links work for 30 days.
          </Text>
          <Select
            label="Campaign"
            placeholder={campaigns.isPending ? 'Loading your campaigns…' : 'Choose an active campaign'}
            data={(campaigns.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.title ?? 'Untitled campaign',
            }))}
            value={campaignId}
            onChange={(value) => {
              setCampaignId(value);
              generate.reset();
            }}
            comboboxProps={{ withinPortal: true }}
          />
          {generate.error && (
            <Alert color="red" variant="light">
              {errorMessage(generate.error)}
            </Alert>
          )}
          {generate.data && (
            <Stack gap={4}>
              <TextInput
                label="Invite link"
                value={generate.data.url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
              />
              <Text size="xs" c="dimmed">
                Valid until {formatDate(generate.data.expires_at)}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            {generate.data ? (
              <CopyButton value={generate.data.url}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                    color={copied ? 'teal' : undefined}
                  >
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            ) : (
              <Button
                disabled={!campaignId}
                loading={generate.isPending}
                onClick={() => campaignId && generate.mutate(Number(campaignId))}
              >
                Create link
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
