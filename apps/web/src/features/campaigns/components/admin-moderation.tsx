import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { AdminCampaignAction, Campaign } from '@reach/contract/campaigns';
import { IconArchive, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useModerateCampaign } from '../api/moderate-campaign';

const COPY: Record<AdminCampaignAction, { label: string; title: string; body: string; done: string }> = {
  pause: {
    label: 'Pause campaign',
    title: 'Pause this campaign?',
    body: 'Influencers stop seeing it in browse and the business is notified. The business can resume it once it is fixed.',
    done: 'Campaign paused. The business has been notified.',
  },
  archive: {
    label: 'Archive campaign',
    title: 'Archive this campaign?',
    body: 'It is put away for good: nobody can change or resume it. The business is notified.',
    done: 'Campaign archived. The business has been notified.',
  },
};

/** The admin's moderation buttons for a campaign (only the moves its status allows) and their confirmation. */
export function AdminModeration({ campaign }: { campaign: Campaign }) {
  const moderate = useModerateCampaign();
  const [action, setAction] = useState<AdminCampaignAction | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAction(null);
    setReason('');
    setFailure(null);
  };
  const available = (['pause', 'archive'] as const).filter((a) => campaign.abilities[a]);
  if (!available.length) return null;
  return (
    <>
      <Group gap="xs">
        {available.map((a) => (
          <Button
            key={a}
            size="sm"
            color="red"
            variant={a === 'archive' ? 'light' : 'filled'}
            leftSection={
              a === 'pause' ? (
                <IconPlayerPause size={16} aria-hidden />
              ) : (
                <IconArchive size={16} aria-hidden />
              )
            }
            onClick={() => setAction(a)}
          >
            {COPY[a].label}
          </Button>
        ))}
      </Group>
      <Modal opened={!!action} onClose={close} title={action ? COPY[action].title : ''} centered>
        {action && (
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              setFailure(null);
              try {
                await moderate.mutateAsync({ id: campaign.id, action, reason: reason.trim() || undefined });
                toast.success(COPY[action].done);
                close();
              } catch (error) {
                setFailure(errorMessage(error));
              }
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                <Text span fw={600}>
                  {campaign.title || 'Untitled draft'}
                </Text>{' '}
                by {campaign.business_name ?? 'a business'}: {COPY[action].body}
              </Text>
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
              <Textarea
                label="Message to the business"
                description="Optional. Sent with the notification and kept in the audit log."
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                data-autofocus
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={moderate.isPending}>
                  {COPY[action].label}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
