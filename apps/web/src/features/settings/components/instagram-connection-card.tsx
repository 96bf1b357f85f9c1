import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useMyWebhooks } from '../api/instagram-webhooks';
import { SettingsCard } from './settings-card';

const FIELD_LABELS: Record<string, string> = { media: 'posts', mentions: 'mentions', comments: 'comments' };

/**
 * The influencer's Instagram connection (GET /facebook/myWebhooks): whether REACH receives the account's events,
 * which ones, and when the last one came. Posts published on a connected account reach the business on their own.
 */
export function InstagramConnectionCard() {
  const webhooks = useMyWebhooks();
  const accounts = (webhooks.data?.data ?? []).filter((s) => s.object === 'instagram');
  const connected = accounts.filter((s) => s.active);

  return (
    <SettingsCard
      title="Your Instagram connection"
      headingId="instagram-connection"
      description="With your Instagram account connected, the posts you publish for a campaign reach the business without you submitting them."
    >
      {webhooks.isPending && <Skeleton h={48} />}
      {webhooks.isError && (
        <Text size="sm" c="red.8" role="alert">
          The connection status could not be loaded. Please try again later.
        </Text>
      )}
      {webhooks.isSuccess && connected.length === 0 && (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color="gray" variant="light">
              Not connected
            </Badge>
            {accounts.length > 0 && (
              <Text size="sm">
                @{accounts[0]?.instagram_username ?? accounts[0]?.instagram_account_id} is no longer
                connected.
              </Text>
            )}
          </Group>
          <Text size="sm">
            Sign in with Facebook, with your Instagram professional account linked to it, to connect it. Until
            then, submit your posts from the campaign's connection page.
          </Text>
        </Stack>
      )}
      {connected.map((s) => (
        <Stack key={s.id} gap={4}>
          <Group gap="xs">
            <Badge color="green" variant="light">
              Connected
            </Badge>
            <Text size="sm" fw={600}>
              @{s.instagram_username ?? s.instagram_account_id}
            </Text>
          </Group>
          <Text size="sm">
            REACH receives your {s.fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}.{' '}
            {s.last_event_at ? `Last update ${formatDateTime(s.last_event_at)}.` : 'Nothing received yet.'}
          </Text>
        </Stack>
      ))}
    </SettingsCard>
  );
}
