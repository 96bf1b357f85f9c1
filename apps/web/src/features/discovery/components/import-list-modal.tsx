import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DiscoveryListSummary } from '@reach/contract/discovery';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActiveCampaignSelect } from '../../../components/active-campaign-select';
import { errorMessage } from '../../../lib/api-error';
import { useActiveCampaigns } from '../../../lib/connections/get-active-campaigns';
import { toast } from '../../../lib/toast';
import { useImportList } from '../api/import-list';

/** Invite a whole list into one active campaign; the import runs in the background on the campaign's page. */
export function ImportListModal({
  list,
  onClose,
}: {
  list: DiscoveryListSummary | null;
  onClose: () => void;
}) {
  const campaigns = useActiveCampaigns({ enabled: !!list });
  const importList = useImportList();
  const navigate = useNavigate();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another list starts a fresh form
  useEffect(() => {
    setCampaignId(null);
    setFailure(null);
  }, [list?.id]);

  const start = async () => {
    if (!list) return;
    if (!campaignId) {
      setFailure('Choose the campaign to invite the list to.');
      return;
    }
    setFailure(null);
    try {
      const started = await importList.mutateAsync({ campaignId: Number(campaignId), listId: list.id });
      toast.success(`Inviting ${started.total} influencers from ${list.name}. Follow the progress here.`);
      onClose();
      void navigate(`/business/campaigns/${campaignId}`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={!!list} onClose={onClose} title={`Invite ${list?.name ?? ''} to a campaign`} centered>
      <Stack gap="md">
        <Text size="sm">
          Every influencer of the list is invited to the campaign you choose. The invitations go out in the
          background; the campaign's page shows the progress and any that could not be invited.
        </Text>
        <ActiveCampaignSelect enabled={!!list} value={campaignId} onChange={setCampaignId} />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void start()}
            loading={importList.isPending}
            disabled={campaigns.data?.length === 0 || list?.influencers_count === 0}
          >
            Invite the list
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
