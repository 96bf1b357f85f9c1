import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CampaignAbilities, CampaignStatus } from '@reach/contract/campaigns';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useDuplicateCampaign } from '../api/duplicate-campaign';
import { useTransitionCampaign } from '../api/transition-campaign';

export type CampaignActionKey =
  | 'open'
  | 'edit'
  | 'editBrief'
  | 'publish'
  | 'pause'
  | 'resume'
  | 'complete'
  | 'duplicate'
  | 'archive'
  | 'delete';

/** The campaign an action applies to. */
export type ActionTarget = { id: number; title: string | null; status: CampaignStatus };

export const ACTION_LABEL: Record<CampaignActionKey, string> = {
  open: 'Open',
  edit: 'Edit',
  editBrief: 'Edit brief',
  publish: 'Publish',
  pause: 'Pause',
  resume: 'Resume',
  complete: 'Complete',
  duplicate: 'Duplicate',
  archive: 'Archive',
  delete: 'Delete draft',
};

/**
 * The actions the API's `abilities` allow, in menu order: drafts and paused campaigns are edited whole, an
 * active one only its brief (the terms creators accepted stay locked).
 */
export function allowedActions(abilities: CampaignAbilities, status: CampaignStatus): CampaignActionKey[] {
  const keys: CampaignActionKey[] = ['open'];
  if (abilities.update && (status === 'draft' || status === 'paused')) keys.push('edit');
  if (abilities.update && status === 'active') keys.push('editBrief');
  if (abilities.publish) keys.push('publish');
  if (abilities.pause) keys.push('pause');
  if (abilities.resume) keys.push('resume');
  if (abilities.complete) keys.push('complete');
  if (abilities.duplicate) keys.push('duplicate');
  if (abilities.archive) keys.push('archive');
  if (abilities.delete) keys.push('delete');
  return keys;
}

const SUCCESS: Record<'publish' | 'pause' | 'resume' | 'complete' | 'archive', string> = {
  publish: 'Campaign published. Influencers can now find it.',
  pause: 'Campaign paused. Influencers no longer see it in browse.',
  resume: 'Campaign resumed.',
  complete: 'Campaign completed.',
  archive: 'Campaign archived.',
};

type Confirmation = { title: string; body: string; confirm: string; color: string };

const CONFIRM: Partial<Record<CampaignActionKey, Confirmation>> = {
  complete: {
    title: 'Complete this campaign?',
    body: 'The campaign ends for every influencer taking part. Conversations stay readable. This cannot be undone.',
    confirm: 'Complete campaign',
    color: 'blue',
  },
  archive: {
    title: 'Archive this campaign?',
    body: 'It leaves your list (choose the Archived filter to find it again) and can no longer be changed.',
    confirm: 'Archive campaign',
    color: 'red',
  },
  delete: {
    title: 'Delete this draft?',
    body: 'The draft, its media and everything written in it are deleted for good.',
    confirm: 'Delete draft',
    color: 'red',
  },
};

/**
 * Runs campaign actions with confirmation for the destructive ones and a toast for each outcome. Render
 * `modal` once; call `run(action, campaign)` from menus and buttons.
 */
export function useCampaignActions(options: { onDeleted?: (id: number) => void } = {}) {
  const navigate = useNavigate();
  const transition = useTransitionCampaign();
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();
  const [pending, setPending] = useState<{ action: CampaignActionKey; target: ActionTarget } | null>(null);
  const [busy, setBusy] = useState<CampaignActionKey | null>(null);

  const execute = async (action: CampaignActionKey, target: ActionTarget) => {
    if (action === 'open') return navigate(`/business/campaigns/${target.id}`);
    if (action === 'edit' || action === 'editBrief') return navigate(`/business/campaigns/${target.id}/edit`);
    setBusy(action);
    try {
      if (action === 'duplicate') {
        const copy = await duplicate.mutateAsync(target.id);
        toast.success('A copy was saved as a new draft.');
        await navigate(`/business/campaigns/${copy.id}/edit`);
      } else if (action === 'delete') {
        await remove.mutateAsync(target.id);
        toast.success('Draft deleted.');
        options.onDeleted?.(target.id);
      } else {
        await transition.mutateAsync({ id: target.id, action });
        toast.success(SUCCESS[action]);
      }
    } catch (error) {
      toast.error(errorMessage(error), {
        title: action === 'publish' ? 'Not published yet' : `Could not ${ACTION_LABEL[action].toLowerCase()}`,
      });
    } finally {
      setBusy(null);
    }
  };

  const run = (action: CampaignActionKey, target: ActionTarget) => {
    if (CONFIRM[action]) setPending({ action, target });
    else void execute(action, target);
  };

  const confirmation = pending ? CONFIRM[pending.action] : undefined;
  const modal = (
    <Modal opened={!!pending} onClose={() => setPending(null)} title={confirmation?.title} centered size="md">
      {pending && confirmation && (
        <Stack gap="lg">
          <Text size="sm">
            <Text span fw={600}>
              {pending.target.title || 'Untitled draft'}
            </Text>
            : {confirmation.body}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              color={confirmation.color}
              loading={busy === pending.action}
              onClick={async () => {
                await execute(pending.action, pending.target);
                setPending(null);
              }}
            >
              {confirmation.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { run, modal, busy };
}
