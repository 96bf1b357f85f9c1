import { ActionIcon, Button, Group, Loader, Menu, Text } from '@mantine/core';
import type { Campaign } from '@reach/contract/campaigns';
import {
  type Icon,
  IconArchive,
  IconCheck,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconFilePencil,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconRocket,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { campaignQueryOptions, useCampaign } from '../api/get-campaign';
import {
  ACTION_LABEL,
  type ActionTarget,
  allowedActions,
  type CampaignActionKey,
} from '../hooks/use-campaign-actions';

const ICON: Record<CampaignActionKey, Icon> = {
  open: IconExternalLink,
  edit: IconPencil,
  editBrief: IconFilePencil,
  publish: IconRocket,
  pause: IconPlayerPause,
  resume: IconPlayerPlay,
  complete: IconCheck,
  duplicate: IconCopy,
  archive: IconArchive,
  delete: IconTrash,
};

const DANGER = new Set<CampaignActionKey>(['archive', 'delete']);

/**
 * The row actions menu of a campaign in a list. A list row carries no abilities, so the menu loads the
 * campaign (prefetched on hover) and offers exactly what the API allows.
 */
export function CampaignActionsMenu({
  target,
  onAction,
}: {
  target: ActionTarget;
  onAction: (action: CampaignActionKey, target: ActionTarget) => void;
}) {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const { data, error, isPending } = useCampaign(target.id, { enabled: opened });
  const name = target.title || 'Untitled draft';
  const actions = data ? allowedActions(data.abilities, data.status) : [];

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${name}`}
          onMouseEnter={() => void queryClient.prefetchQuery(campaignQueryOptions(target.id))}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {isPending && (
          <Group justify="center" p="sm">
            <Loader size="sm" aria-label="Loading actions" />
          </Group>
        )}
        {error && (
          <Text size="sm" c="red" p="sm">
            {errorMessage(error)}
          </Text>
        )}
        {actions.map((action, index) => {
          const ActionIconComponent = ICON[action];
          return (
            <Fragment key={action}>
              {DANGER.has(action) && index > 0 && !DANGER.has(actions[index - 1]!) && <Menu.Divider />}
              <Menu.Item
                color={DANGER.has(action) ? 'red' : undefined}
                leftSection={<ActionIconComponent size={16} aria-hidden />}
                onClick={() => onAction(action, { id: target.id, title: target.title, status: data!.status })}
              >
                {ACTION_LABEL[action]}
              </Menu.Item>
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The actions of the campaign detail page as buttons (open is left out: we are on it). */
export function CampaignActionButtons({
  campaign,
  onAction,
  busy,
}: {
  campaign: Campaign;
  onAction: (action: CampaignActionKey, target: ActionTarget) => void;
  busy: CampaignActionKey | null;
}) {
  const actions = allowedActions(campaign.abilities, campaign.status).filter((action) => action !== 'open');
  const primary: CampaignActionKey[] = ['edit', 'editBrief', 'publish', 'resume'];
  return (
    <Group gap="xs">
      {actions.map((action) => {
        const ActionIconComponent = ICON[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={primary.includes(action) ? 'filled' : DANGER.has(action) ? 'light' : 'default'}
            color={DANGER.has(action) ? 'red' : undefined}
            leftSection={<ActionIconComponent size={16} aria-hidden />}
            loading={busy === action}
            onClick={() => onAction(action, campaign)}
          >
            {ACTION_LABEL[action]}
          </Button>
        );
      })}
    </Group>
  );
}
