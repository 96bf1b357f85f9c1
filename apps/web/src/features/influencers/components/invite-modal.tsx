import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CONNECTION_MESSAGE_MAX_LENGTH } from '@reach/contract/connections';
import { useEffect, useState } from 'react';
import { ActiveCampaignSelect } from '../../../components/active-campaign-select';
import { errorMessage } from '../../../lib/api-error';
import { useActiveCampaigns } from '../../../lib/connections/get-active-campaigns';
import { useInviteInfluencer } from '../../../lib/connections/invite-influencer';
import { toast } from '../../../lib/toast';

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
  const invite = useInviteInfluencer();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new influencer starts a fresh form
  useEffect(() => {
    setCampaignId(null);
    setNote('');
    setFailure(null);
  }, [influencer?.id]);

  const send = async () => {
    if (!influencer) return;
    if (!campaignId) {
      setFailure('Choose the campaign to invite to.');
      return;
    }
    setFailure(null);
    try {
      await invite.mutateAsync({
        campaign_id: Number(campaignId),
        influencer_id: influencer.id,
        message: note,
      });
      toast.success(`${influencer.name} is invited. They will be notified.`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

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
          <Button
            onClick={() => void send()}
            loading={invite.isPending}
            disabled={campaigns.data?.length === 0}
          >
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
