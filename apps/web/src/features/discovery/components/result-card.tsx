import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { DiscoveryEntry } from '@reach/contract/discovery';
import {
  IconBookmark,
  IconDiscountCheckFilled,
  IconFileAnalytics,
  IconMapPin,
  IconMessageCircle,
  IconSend,
} from '@tabler/icons-react';
import { formatCompact, formatPercent } from '../utils/format';
import { InfluencerAvatar } from './influencer-avatar';
import { audienceSummary, displayName, placeOf } from './influencer-summary';
import { MemberBadge } from './member-badge';
import { PlatformLabel } from './platform-label';

/**
 * One search result: picture (initials as a fallback), name, username linking to the profile on the platform,
 * platform, followers, engagement rate, location and a line about the audience; then the next steps. A
 * creator on REACH (entry.member) carries the "On REACH" badge, is invited in-app and can be messaged.
 * `tour` marks the first card's parts for the influencer-card tour.
 */
export function ResultCard({
  entry,
  direct = false,
  saved = false,
  tour = false,
  onReport,
  onSave,
  onInvite,
  onMessage,
}: {
  entry: DiscoveryEntry;
  direct?: boolean;
  saved?: boolean;
  tour?: boolean;
  onReport: (entry: DiscoveryEntry) => void;
  onSave: (entry: DiscoveryEntry) => void;
  onInvite: (entry: DiscoveryEntry) => void;
  onMessage: (entry: DiscoveryEntry) => void;
}) {
  const data = entry.influencer_data;
  const member = !!entry.member;
  const name = displayName(data);
  const place = placeOf(data);
  const mark = (target: string) => (tour ? { 'data-tour': target } : {});
  return (
    <Card withBorder radius="lg" padding="md" h="100%" data-testid="discovery-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start" {...mark('card-identity')}>
          <InfluencerAvatar picture={data.picture} name={name} />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group gap={4} wrap="nowrap">
              <Text fw={700} truncate="end" title={name}>
                {name}
              </Text>
              {data.isVerified && (
                <Tooltip label="Verified account" withArrow>
                  <IconDiscountCheckFilled
                    size={16}
                    color="var(--mantine-color-blue-6)"
                    aria-label="Verified account"
                    style={{ flexShrink: 0 }}
                  />
                </Tooltip>
              )}
            </Group>
            <Anchor href={data.url} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
              @{data.username}
            </Anchor>
            <Group gap="xs">
              <PlatformLabel platform={data.platform} />
              {member && <MemberBadge />}
              {direct && (
                <Badge size="xs" variant="light" color="grape">
                  Exact match
                </Badge>
              )}
              {saved && (
                <Badge size="xs" variant="light" color="teal">
                  In a list
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={2} spacing="xs" {...mark('card-stats')}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Followers
            </Text>
            <Text fw={700} title={data.followers.toLocaleString('en-US')}>
              {formatCompact(data.followers)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Engagement rate
            </Text>
            <Text fw={700}>{formatPercent(data.engagementRate)}</Text>
          </Stack>
        </SimpleGrid>
        {place && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} color="var(--mantine-color-gray-6)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" c="dimmed" truncate="end" title={place}>
              {place}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed" {...mark('card-audience')}>
          <Text span size="xs" fw={600} c="gray.7">
            Audience:
          </Text>{' '}
          {audienceSummary(data)}
        </Text>
        <SimpleGrid cols={member ? 2 : 3} spacing="xs" mt="auto" {...mark('card-actions')}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileAnalytics size={14} aria-hidden />}
            onClick={() => onReport(entry)}
            aria-label={`Open the full report of ${name}`}
          >
            Report
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBookmark size={14} aria-hidden />}
            onClick={() => onSave(entry)}
            aria-label={`Save ${name} to lists`}
          >
            Save
          </Button>
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={() => onInvite(entry)}
            aria-label={member ? `Invite ${name} to a campaign in REACH` : `Invite ${name} to a campaign`}
          >
            Invite
          </Button>
          {member && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessageCircle size={14} aria-hidden />}
              onClick={() => onMessage(entry)}
              aria-label={`Message ${name}`}
            >
              Message
            </Button>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
