import {
  Alert,
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { CampaignMessage } from '@reach/contract/campaigns';
import { CAMPAIGN_MESSAGE_MAX_LENGTH } from '@reach/contract/campaigns';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { flattenMessages, useCampaignMessages } from '../api/get-campaign-messages';
import { useSendCampaignMessage } from '../api/send-campaign-message';
import { sendHint } from '../utils/send-hint';

/**
 * One conversation about a campaign: the messages (newest page first, "Load earlier messages" for more) and
 * a composer. New messages arrive live: the shell's live client refetches the thread on a `message` event.
 * `influencerId` names the thread for the business; an influencer reads their own (leave it out).
 */
export function MessageThread({
  campaignId,
  influencerId,
  viewerId,
  canSend,
  emptyText = 'No messages yet. Say hello!',
  closedText = 'Messages can be sent while the campaign is active, paused or completed.',
  height = 380,
}: {
  campaignId: number;
  influencerId?: number | null;
  viewerId: number;
  canSend: boolean;
  emptyText?: string;
  closedText?: string;
  height?: number;
}) {
  const query = useCampaignMessages(campaignId, influencerId);
  const send = useSendCampaignMessage(campaignId);
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const messages = flattenMessages(query.data?.pages);
  const lastId = messages.at(-1)?.id;

  // Keep the newest message in view when one arrives (or is sent).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest id is the trigger
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const submit = async () => {
    const text = body.trim();
    if (!text) {
      setFailure('Write a message to send.');
      return;
    }
    setFailure(null);
    try {
      await send.mutateAsync({ body: text, user_id: influencerId ?? undefined });
      setBody('');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="sm">
      <Box
        ref={viewport}
        h={height}
        style={{ overflowY: 'auto', borderRadius: 12 }}
        bg="var(--mantine-color-gray-0)"
        p="sm"
        role="log"
        aria-live="polite"
        aria-label="Messages"
        tabIndex={0}
      >
        {query.isPending && (
          <Center h="100%">
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        )}
        {query.error && (
          <Alert color="red" variant="light">
            {errorMessage(query.error)}
          </Alert>
        )}
        {query.data && messages.length === 0 && (
          <Center h="100%">
            <Text size="sm" c="dimmed" ta="center">
              {emptyText}
            </Text>
          </Center>
        )}
        {query.hasNextPage && (
          <Center mb="sm">
            <Button
              size="xs"
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load earlier messages
            </Button>
          </Center>
        )}
        <Stack gap="sm">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} mine={message.sender.id === viewerId} />
          ))}
        </Stack>
      </Box>
      {canSend ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Message"
              placeholder={`Write a message…${sendHint()}`}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void submit();
                }
              }}
              error={failure}
            />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          {closedText}
        </Text>
      )}
    </Stack>
  );
}

function MessageBubble({ message, mine }: { message: CampaignMessage; mine: boolean }) {
  const avatar = message.sender.avatar_url ? storageUrl(message.sender.avatar_url) : null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" justify={mine ? 'flex-end' : 'flex-start'}>
      {!mine && <Avatar src={avatar} name={message.sender.name} color="initials" size="sm" alt="" />}
      <Paper
        p="xs"
        px="sm"
        radius="lg"
        maw="80%"
        bg={mine ? 'var(--mantine-color-reach-6)' : 'white'}
        c={mine ? 'white' : undefined}
        withBorder={!mine}
      >
        <Text size="xs" fw={600} c={mine ? 'reach.0' : 'dimmed'}>
          {mine ? 'You' : message.sender.name} · {formatDateTime(message.created_at)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      </Paper>
    </Group>
  );
}
