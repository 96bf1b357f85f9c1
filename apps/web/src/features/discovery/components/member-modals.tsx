import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CAMPAIGN_MESSAGE_MAX_LENGTH } from '@reach/contract/campaigns';
import { CONNECTION_MESSAGE_MAX_LENGTH } from '@reach/contract/connections';
import type { DiscoveryEntry, DiscoveryMember } from '@reach/contract/discovery';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActiveCampaignSelect } from '../../../components/active-campaign-select';
import { errorMessage } from '../../../lib/api-error';
import { useInviteForm } from '../../../lib/connections/use-invite-form';
import { toast } from '../../../lib/toast';
import { useMessageMember } from '../api/message-member';
import { displayName } from './influencer-summary';

/** A discovered creator who is on REACH (the card's entry with its member). */
export type MemberEntry = DiscoveryEntry & { member: DiscoveryMember };
export const isMember = (entry: DiscoveryEntry | null): entry is MemberEntry => !!entry?.member;

/**
 * Invite a member in-app: the same invitation as from the influencers directory (POST /connections/invite
 * with their influencer profile id) — they are notified in REACH, no email; a second invitation to the same
 * campaign is refused with the API's sentence.
 */
export function MemberInviteModal({ entry, onClose }: { entry: MemberEntry | null; onClose: () => void }) {
  const name = entry ? displayName(entry.influencer_data) : '';
  const { campaignId, setCampaignId, note, setNote, failure, send, sending } = useInviteForm(
    entry && { id: entry.member.influencer_id, name },
    { sent: (name) => `${name} is invited. They will be notified in REACH.`, onSent: onClose },
  );

  return (
    <Modal opened={!!entry} onClose={onClose} title={`Invite ${name} to a campaign`} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {name} is on REACH: the invitation arrives in their account and shows on your connections page.
        </Text>
        <ActiveCampaignSelect
          enabled={!!entry}
          value={campaignId}
          onChange={setCampaignId}
          noCampaign="You have no active campaign."
        />
        <Textarea
          label="Note (optional)"
          placeholder="Why they are a great fit, what you offer…"
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
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Message a member: conversations belong to a campaign, so choose one, write, send (POST
 * /campaigns/{id}/messages with their user id); the campaign page then opens with the conversation.
 */
export function MemberMessageModal({ entry, onClose }: { entry: MemberEntry | null; onClose: () => void }) {
  const send = useMessageMember();
  const navigate = useNavigate();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new creator starts a fresh form
  useEffect(() => {
    setCampaignId(null);
    setBody('');
    setFailure(null);
  }, [entry?.modash_id]);

  const name = entry ? displayName(entry.influencer_data) : '';
  const submit = async () => {
    if (!entry) return;
    if (!campaignId) return setFailure('Choose the campaign this conversation is about.');
    if (!body.trim()) return setFailure('Write your message.');
    setFailure(null);
    try {
      await send.mutateAsync({
        campaignId: Number(campaignId),
        user_id: entry.member.user_id,
        body: body.trim(),
      });
      toast.success(`Message sent to ${name}.`);
      onClose();
      navigate(`/business/campaigns/${campaignId}?influencer=${entry.member.user_id}`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={!!entry} onClose={onClose} title={`Message ${name}`} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Conversations on REACH are about a campaign: the campaign page keeps this one with its replies.
        </Text>
        <ActiveCampaignSelect
          enabled={!!entry}
          value={campaignId}
          onChange={setCampaignId}
          noCampaign="You have no active campaign."
        />
        <Textarea
          label="Message"
          placeholder={`Hi ${entry?.member.name.split(' ')[0] ?? ''}…`}
          autosize
          minRows={4}
          maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          required
        />
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
