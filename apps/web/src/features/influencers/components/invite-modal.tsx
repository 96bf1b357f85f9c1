import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CONNECTION_MESSAGE_MAX_LENGTH } from '@reach/contract/connections';
import { ActiveCampaignSelect } from '../../../components/active-campaign-select';
import { useActiveCampaigns } from '../../../lib/connections/get-active-campaigns';
import { useInviteForm } from '../../../lib/connections/use-invite-form';

/**
 * "Invite to campaign": choose one of your active campaigns (those already holding this influencer are
 * marked), add a note, send. The API refuses duplicates and closed campaigns with a sentence shown here.
 */
export function InviteModal({
  influencer,
  takenCampaignIds = [],
  onClose,
}: {
  influencer: { id: number; name: string } | null;
  takenCampaignIds?: number[];
  onClose: () => void;
}) {
  const campaigns = useActiveCampaigns({ enabled: !!influencer });
  const { campaignId, setCampaignId, note, setNote, failure, send, sending } = useInviteForm(influencer, {
    sent: (name) => `${name} is invited. They will be notified.`,
    onSent: onClose,
  });

  return (
    <Modal
      opened={!!influencer}
      onClose={onClose}
      title={`Invite ${influencer?.name ?? ''} to a campaign`}
      centered
    >
      <Stack gap="md">
        <ActiveCampaignSelect
          enabled={!!influencer}
          value={campaignId}
          onChange={setCampaignId}
          takenCampaignIds={takenCampaignIds}
        >
          <Textarea
            label="Note (optional)"
            placeholder="Why they are a great fit, what you offer…"
            autosize
            minRows={3}
            maxLength={CONNECTION_MESSAGE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </ActiveCampaignSelect>
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={sending} disabled={campaigns.data?.length === 0}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
