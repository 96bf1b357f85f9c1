import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { DISCOVERY_INVITE_MESSAGE_MAX_LENGTH, type DiscoveryEntry } from '@reach/contract/discovery';
import { useEffect, useState } from 'react';
import { ActiveCampaignSelect } from '../../../components/active-campaign-select';
import { errorMessage } from '../../../lib/api-error';
import { useActiveCampaigns } from '../../../lib/connections/get-active-campaigns';
import { toast } from '../../../lib/toast';
import { useInviteDiscovered } from '../api/invite-influencer';
import { displayName } from './influencer-summary';

/**
 * Invite a discovered influencer: one of the business's active campaigns and a message, mailed with a sign-up
 * link (POST /discovery/invite/message). Without contact details on file an email address is needed.
 */
export function DiscoveryInviteModal({
  entry,
  onClose,
}: {
  entry: DiscoveryEntry | null;
  onClose: () => void;
}) {
  const campaigns = useActiveCampaigns({ enabled: !!entry });
  const invite = useInviteDiscovered();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ campaign?: string; message?: string; email?: string }>({});

  const name = entry ? displayName(entry.influencer_data) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new influencer starts a fresh form
  useEffect(() => {
    setCampaignId(null);
    setMessage('');
    setEmail('');
    setErrors({});
  }, [entry?.modash_id]);

  const needsEmail = entry ? !entry.influencer_data.hasContactDetails : false;
  const send = async () => {
    if (!entry) return;
    const problems: typeof errors = {};
    if (!campaignId) problems.campaign = 'Choose the campaign to invite to.';
    if (!message.trim()) problems.message = 'Write a message for the influencer.';
    if (needsEmail && !email.trim()) problems.email = 'Enter the email address to send the invitation to.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const sent = await invite.mutateAsync({
        modash_id: entry.modash_id,
        campaign_id: Number(campaignId),
        message: message.trim(),
        email: email.trim() || undefined,
      });
      toast.success(`Invitation sent to ${name} (${sent.email}).`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error), { title: 'The invitation was not sent' });
    }
  };

  return (
    <Modal opened={!!entry} onClose={onClose} title={`Invite ${name} to a campaign`} centered>
      <Stack gap="md">
        <ActiveCampaignSelect
          enabled={!!entry}
          value={campaignId}
          onChange={setCampaignId}
          error={errors.campaign}
        >
          <Textarea
            label="Message"
            placeholder="Why they are a great fit, what you offer…"
            autosize
            minRows={4}
            maxLength={DISCOVERY_INVITE_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
            required
          />
          <TextInput
            label="Email address"
            description={
              needsEmail
                ? 'We have no contact details for this influencer: enter where to send the invitation.'
                : 'Optional: leave empty to use the contact email on file.'
            }
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            required={needsEmail}
          />
        </ActiveCampaignSelect>
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
