import { useEffect, useState } from 'react';
import { errorMessage } from '../api-error';
import { toast } from '../toast';
import { useInviteInfluencer } from './invite-influencer';

/**
 * The form of an in-app invitation to a campaign (POST /connections/invite), as the influencers directory and
 * discovery's REACH members ask it: the chosen campaign, an optional note and the sentence of a refusal, fresh
 * for each influencer. `send` asks for a campaign first; once sent it toasts `sent(name)` and calls `onSent`.
 */
export function useInviteForm(
  influencer: { id: number; name: string } | null,
  { sent, onSent }: { sent: (name: string) => string; onSent: () => void },
) {
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
      toast.success(sent(influencer.name));
      onSent();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return { campaignId, setCampaignId, note, setNote, failure, send, sending: invite.isPending };
}
