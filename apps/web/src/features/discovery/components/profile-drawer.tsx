import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DISCOVERY_REPORT_COST, type DiscoveryEntry } from '@reach/contract/discovery';
import { IconBookmark, IconFileAnalytics, IconMessageCircle, IconSend } from '@tabler/icons-react';
import { useEffect } from 'react';
import { MOBILE_QUERY } from '../../../lib/media';
import { useCachedReport, useOpenReport } from '../api/get-report';
import { formatCompact, formatPercent } from '../utils/format';
import { DiscoveryError } from './discovery-error';
import { InfluencerAvatar } from './influencer-avatar';
import { audienceSummary, displayName, placeOf } from './influencer-summary';
import { MemberBadge } from './member-badge';
import { ReportView } from './report-view';

/**
 * The profile drawer: the card's summary at once, the full report on request — it costs a credit, so the
 * button says so and nothing is fetched until it is pressed (a report opened before is shown straight away).
 */
export function ProfileDrawer({
  entry,
  onClose,
  onSave,
  onInvite,
  onMessage,
}: {
  entry: DiscoveryEntry | null;
  onClose: () => void;
  onSave: (entry: DiscoveryEntry) => void;
  onInvite: (entry: DiscoveryEntry) => void;
  onMessage: (entry: DiscoveryEntry) => void;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const cached = useCachedReport(entry?.modash_id ?? null);
  const open = useOpenReport();
  const report = cached.data ?? null;
  const { reset } = open;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another influencer starts without the last failure
  useEffect(() => reset(), [entry?.modash_id, reset]);

  const data = entry?.influencer_data;
  const name = data ? displayName(data) : '';
  return (
    <Drawer
      opened={!!entry}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'xl'}
      title={<Text fw={700}>{name}</Text>}
    >
      {entry && data && (
        <Stack gap="lg">
          {report ? (
            <ReportView report={report} member={!!entry.member} />
          ) : (
            <>
              <Group gap="md" wrap="nowrap">
                <InfluencerAvatar picture={data.picture} name={name} size={64} />
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Anchor href={data.url} target="_blank" rel="noopener noreferrer" size="sm">
                      @{data.username}
                    </Anchor>
                    {entry.member && <MemberBadge />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatCompact(data.followers)} followers · {formatPercent(data.engagementRate)}{' '}
                    engagement
                  </Text>
                  <Text size="sm" c="dimmed">
                    {placeOf(data)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Audience: {audienceSummary(data)}
                  </Text>
                </Stack>
              </Group>
              <Text size="sm">
                The full report shows the bio, averages per post, recent posts, hashtags and the audience by
                gender, age, country and language.
              </Text>
              <Stack gap={4}>
                <Button
                  leftSection={<IconFileAnalytics size={16} aria-hidden />}
                  onClick={() => open.mutate(entry.modash_id)}
                  loading={open.isPending}
                  w="fit-content"
                >
                  Open full report ({DISCOVERY_REPORT_COST} credit)
                </Button>
                <Text size="xs" c="dimmed">
                  Opening the same report again within 24 hours is free.
                </Text>
              </Stack>
              {open.error && <DiscoveryError error={open.error} title="We could not open the report" />}
            </>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconBookmark size={16} aria-hidden />}
              onClick={() => onSave(entry)}
            >
              Save to lists
            </Button>
            <Button
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => onInvite(entry)}
            >
              Invite to a campaign
            </Button>
            {entry.member && (
              <Button
                variant="default"
                leftSection={<IconMessageCircle size={16} aria-hidden />}
                onClick={() => onMessage(entry)}
              >
                Message
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
