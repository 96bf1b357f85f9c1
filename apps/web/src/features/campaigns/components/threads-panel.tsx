import {
  Avatar,
  Badge,
  Center,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { subscribeLive } from '../../../lib/live';
import { campaignKeys } from '../api/campaign-keys';
import { type CampaignThread, useCampaignThreads } from '../api/get-campaign-threads';
import { MessageThread } from './message-thread';

const THREADS_PAGE_SIZE = 8;

/**
 * The business side of a campaign's conversations: one thread per influencer (most recent first), the chosen
 * one opened beside the list. A live `message` event for this campaign refreshes the list.
 */
export function ThreadsPanel({
  campaignId,
  viewerId,
  canSend,
}: {
  campaignId: number;
  viewerId: number;
  canSend: boolean;
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useCampaignThreads(campaignId, page, THREADS_PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);
  const threads = data?.data ?? [];
  const open =
    threads.find((t) => t.influencer.id === selected) ?? (selected === null ? threads[0] : undefined);

  useEffect(
    () =>
      subscribeLive('message', (event) => {
        if (event.campaign_id === campaignId)
          void queryClient.invalidateQueries({ queryKey: campaignKeys.threads(campaignId) });
      }),
    [campaignId, queryClient],
  );

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Messages
          </Title>
          {data && (
            <Badge variant="light" color="gray">
              {data.total} {data.total === 1 ? 'conversation' : 'conversations'}
            </Badge>
          )}
        </Group>
        {isPending && (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading conversations" />
          </Center>
        )}
        {error && (
          <Text size="sm" c="red">
            {errorMessage(error)}
          </Text>
        )}
        {data && data.total === 0 && (
          <Text size="sm" c="dimmed">
            No conversations yet. When influencers write to you about this campaign, their messages show up
            here.
          </Text>
        )}
        {data && data.total > 0 && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap={4} role="list" aria-label="Conversations">
                {threads.map((thread) => (
                  <ThreadRow
                    key={thread.influencer.id}
                    thread={thread}
                    active={open?.influencer.id === thread.influencer.id}
                    onSelect={() => setSelected(thread.influencer.id)}
                  />
                ))}
                {data.total > THREADS_PAGE_SIZE && (
                  <Pagination
                    total={Math.ceil(data.total / THREADS_PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    mt="xs"
                    getControlProps={(control) => ({
                      'aria-label': control === 'previous' ? 'Previous conversations' : 'More conversations',
                    })}
                  />
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              {open ? (
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    Conversation with {open.influencer.name}
                  </Text>
                  <MessageThread
                    key={open.influencer.id}
                    campaignId={campaignId}
                    influencerId={open.influencer.id}
                    viewerId={viewerId}
                    canSend={canSend}
                    height={320}
                  />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Choose a conversation.
                </Text>
              )}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Paper>
  );
}

function ThreadRow({
  thread,
  active,
  onSelect,
}: {
  thread: CampaignThread;
  active: boolean;
  onSelect: () => void;
}) {
  const { influencer, last_message: last } = thread;
  return (
    <UnstyledButton
      role="listitem"
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      aria-label={`Conversation with ${influencer.name}, ${thread.total_messages} messages`}
      p="xs"
      style={{
        borderRadius: 10,
        background: active ? 'var(--mantine-color-reach-0)' : undefined,
        border: `1px solid ${active ? 'var(--mantine-color-reach-2)' : 'transparent'}`,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={influencer.avatar_url ? storageUrl(influencer.avatar_url) : null}
          name={influencer.name}
          color="initials"
          alt=""
        />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {influencer.name}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {thread.total_messages}
            </Badge>
          </Group>
          {influencer.instagram_username && (
            <Text size="xs" c="dimmed" truncate>
              @{influencer.instagram_username}
            </Text>
          )}
          <Text size="xs" c="dimmed" lineClamp={1}>
            {last.body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(last.created_at)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
