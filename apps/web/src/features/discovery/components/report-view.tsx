import {
  Anchor,
  Badge,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { GENDER_LABELS } from '@reach/contract/constants';
import type { DiscoveryReport } from '@reach/contract/discovery';
import { IconDiscountCheckFilled, IconMapPin } from '@tabler/icons-react';
import { formatCount, formatDate } from '../../../lib/format';
import { formatCompact, formatPercent } from '../utils/format';
import { InfluencerAvatar } from './influencer-avatar';
import { displayName, placeOf } from './influencer-summary';
import { MemberBadge } from './member-badge';
import { PlatformLabel } from './platform-label';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" title={hint}>
        {value}
      </Text>
    </Paper>
  );
}

/** Shares as labelled bars, largest first. */
function Shares({ title, rows }: { title: string; rows: { label: string; weight: number }[] }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No data
        </Text>
      ) : (
        [...rows]
          .sort((a, b) => b.weight - a.weight)
          .map((row) => (
            <Stack key={row.label} gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" truncate="end">
                  {row.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPercent(row.weight, 1)}
                </Text>
              </Group>
              <Progress
                value={row.weight * 100}
                size="sm"
                aria-label={`${row.label} ${formatPercent(row.weight, 1)}`}
              />
            </Stack>
          ))
      )}
    </Stack>
  );
}

/**
 * The full profile report of one influencer (the profile drawer and the admin's Instagram search); `member`:
 * the creator is on REACH (the "On REACH" badge).
 */
export function ReportView({ report, member = false }: { report: DiscoveryReport; member?: boolean }) {
  const { profile, stats, audience } = report;
  const name = displayName(profile);
  const place = placeOf(profile);
  const facts = [
    profile.gender !== 'UNKNOWN' ? GENDER_LABELS[profile.gender] : null,
    profile.ageGroup ? `Age ${profile.ageGroup}` : null,
    profile.language,
    report.accountType ? `${report.accountType} account` : null,
  ].filter(Boolean);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <InfluencerAvatar picture={profile.picture} name={name} size={72} />
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Title order={3} fz="xl" lineClamp={1}>
              {name}
            </Title>
            {profile.isVerified && (
              <Tooltip label="Verified account" withArrow>
                <IconDiscountCheckFilled
                  size={20}
                  color="var(--mantine-color-blue-6)"
                  aria-label="Verified account"
                />
              </Tooltip>
            )}
          </Group>
          <Group gap="sm">
            <Anchor href={profile.url} target="_blank" rel="noopener noreferrer" size="sm">
              @{profile.username}
            </Anchor>
            <PlatformLabel platform={profile.platform} size="sm" />
            {member && <MemberBadge size="sm" />}
          </Group>
          {place && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm" c="dimmed">
                {place}
              </Text>
            </Group>
          )}
          {facts.length > 0 && (
            <Text size="sm" c="dimmed">
              {facts.join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>

      {report.bio && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {report.bio}
        </Text>
      )}
      {profile.interests.length > 0 && (
        <Group gap={4}>
          {profile.interests.map((interest) => (
            <Badge key={interest} variant="light" color="gray" size="sm">
              {interest}
            </Badge>
          ))}
        </Group>
      )}

      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        <Stat label="Followers" value={formatCompact(stats.followers)} hint={formatCount(stats.followers)} />
        <Stat label="Engagement rate" value={formatPercent(stats.engagementRate)} />
        <Stat
          label="Engagements"
          value={formatCompact(stats.engagements)}
          hint={formatCount(stats.engagements)}
        />
        <Stat label="Avg. likes" value={formatCompact(stats.avgLikes)} hint={formatCount(stats.avgLikes)} />
        <Stat
          label="Avg. comments"
          value={formatCompact(stats.avgComments)}
          hint={formatCount(stats.avgComments)}
        />
        <Stat label="Posts" value={formatCount(stats.postsCount)} />
      </SimpleGrid>
      <Group gap="lg">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Last posted:
          </Text>{' '}
          {report.lastPosted ? formatDate(report.lastPosted) : 'Unknown'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Contact details:
          </Text>{' '}
          {profile.hasContactDetails ? 'Available' : 'None'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Audience credibility:
          </Text>{' '}
          {audience.credibility !== null ? formatPercent(audience.credibility, 0) : 'Unknown'}
        </Text>
      </Group>

      <Stack gap="sm">
        <Title order={4} fz="md">
          Audience
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Shares
            title="Gender"
            rows={audience.genders.map((g) => ({ label: GENDER_LABELS[g.code], weight: g.weight }))}
          />
          <Shares title="Age" rows={audience.ages.map((a) => ({ label: a.code, weight: a.weight }))} />
          <Shares
            title="Top countries"
            rows={audience.countries.map((c) => ({ label: c.name, weight: c.weight }))}
          />
          <Shares
            title="Languages"
            rows={audience.languages.map((l) => ({ label: l.name, weight: l.weight }))}
          />
        </SimpleGrid>
      </Stack>

      {(report.hashtags.length > 0 || report.mentions.length > 0) && (
        <Stack gap="xs">
          <Title order={4} fz="md">
            Hashtags and mentions
          </Title>
          <Group gap={4}>
            {report.hashtags.map((tag) => (
              <Badge key={`#${tag}`} variant="outline" size="sm" tt="none">
                #{tag.replace(/^#/, '')}
              </Badge>
            ))}
            {report.mentions.map((mention) => (
              <Badge key={`@${mention}`} variant="outline" color="grape" size="sm" tt="none">
                @{mention.replace(/^@/, '')}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}

      {report.recentPosts.length > 0 && (
        <Stack gap="xs">
          <Title order={4} fz="md">
            Recent posts
          </Title>
          {report.recentPosts.map((post, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: posts carry no id and never reorder
            <Paper key={index} withBorder radius="md" p="sm">
              <Text size="sm" lineClamp={3}>
                {post.text || 'No caption'}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDate(post.created)} · {formatCount(post.likes)} likes · {formatCount(post.comments)}{' '}
                comments
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
