import { Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import type { CampaignStatus } from '@reach/contract/campaigns';
import { CONNECTION_MESSAGE_MAX_LENGTH, LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConnectionStatusBadge } from '../../../components/connection-badges';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useApplyToCampaign } from '../api/apply-to-campaign';
import { useConnections } from '../api/list-connections';
import { ConnectionActions } from './connection-actions';

const STATUS_TEXT: Record<string, string> = {
  invited: 'invited you to this campaign.',
  applied: 'has your application. You will be notified when they answer.',
  accepted: 'is working with you on this campaign.',
  completed: 'marked your collaboration on this campaign completed.',
};

/**
 * On an influencer's campaign page: their connection to the campaign (status and next steps), or the way to
 * apply while the campaign is active.
 */
export function CampaignConnectionCard({
  campaignId,
  campaignStatus,
  businessName,
}: {
  campaignId: number;
  campaignStatus: CampaignStatus;
  businessName: string;
}) {
  const { data, isPending } = useConnections({
    campaign: campaignId,
    sortBy: 'updated_at',
    sortDesc: 'desc',
    items: 5,
  });
  const apply = useApplyToCampaign();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const live = data?.data.find((c) => (LIVE_CONNECTION_STATUSES as readonly string[]).includes(c.status));

  const send = async () => {
    setFailure(null);
    try {
      await apply.mutateAsync({ campaign_id: campaignId, message: note });
      toast.success(`Application sent. ${businessName} will be notified.`);
      setOpen(false);
      setNote('');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Work on this campaign
        </Title>
        {isPending && <Skeleton h={36} />}
        {live ? (
          <>
            <Group gap="xs">
              <ConnectionStatusBadge status={live.status} />
              <Anchor component={Link} to={`/influencer/connections/${live.id}`} size="sm">
                Open connection
              </Anchor>
            </Group>
            <Text size="sm">
              {businessName} {STATUS_TEXT[live.status]}
            </Text>
            <ConnectionActions connection={live} />
          </>
        ) : (
          !isPending &&
          (campaignStatus === 'active' ? (
            <>
              <Text size="sm" c="dimmed">
                Interested? Apply and {businessName} can accept you for this campaign.
              </Text>
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={() => setOpen(true)}
                w="fit-content"
              >
                Apply to this campaign
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              This campaign is not taking applications right now.
            </Text>
          ))
        )}
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Apply to this campaign" centered>
        <Stack gap="md">
          <Textarea
            label={`Note to ${businessName} (optional)`}
            placeholder="Why you are a great fit, your audience, ideas for the post…"
            autosize
            minRows={3}
            maxLength={CONNECTION_MESSAGE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={apply.isPending}>
              Send application
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
