import {
  ActionIcon,
  Alert,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-error';
import { useMyLinks } from '../api/get-my-links';

/** One value to copy: its label, the value in a code box that wraps, and a copy button that says it copied. */
function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block={false} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', padding: '6px 8px' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The creator's tracked link and discount code for one campaign, on their connection page: what to share, and
 * what counts — a code beats a link, a click counts within the business's attribution window.
 */
export function MyLinksCard({ campaignId }: { campaignId: number }) {
  const { data, error, isPending } = useMyLinks(campaignId);
  const entry = data?.data.find((l) => l.campaign_id === campaignId);

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your link and code
        </Title>
        {isPending ? (
          <Skeleton height={64} />
        ) : error ? (
          <Alert color="red">{errorMessage(error)}</Alert>
        ) : (
          <>
            {entry?.link ? (
              <CopyRow label="Tracked link" value={entry.link.url} />
            ) : (
              <Text size="sm" c="dimmed">
                This campaign does not track links.
              </Text>
            )}
            {entry?.discount_code ? (
              <CopyRow label="Discount code" value={entry.discount_code} />
            ) : (
              <Text size="sm" c="dimmed">
                The business has not given you a discount code yet.
              </Text>
            )}
            {(entry?.link || entry?.discount_code) && (
              <Text size="xs" c="dimmed">
                Orders with your code are yours; otherwise an order counts for you when the buyer came through
                your link within the business's attribution window.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
