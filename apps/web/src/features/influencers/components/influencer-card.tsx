import { Anchor, Avatar, Badge, Button, Card, Group, Rating, Stack, Text } from '@mantine/core';
import { GENDER_LABELS } from '@reach/contract/constants';
import type { InfluencerListItem } from '@reach/contract/directory';
import { IconMapPin, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { storageUrl } from '../../../lib/config';
import { PlatformIcons } from './platform-icons';
import { RelationshipBadge } from './relationship-badge';

/** An influencer in the directory: who, where, rating, interests, channels, and the two next steps. */
export function InfluencerCard({
  influencer,
  onInvite,
}: {
  influencer: InfluencerListItem;
  onInvite: (influencer: InfluencerListItem) => void;
}) {
  const avatar =
    influencer.avatarType === 'upload' && influencer.avatar ? storageUrl(influencer.avatar) : null;
  const place = [influencer.city, influencer.state_code].filter(Boolean).join(', ');
  const facts = [
    influencer.age !== null ? `${influencer.age} y/o` : null,
    influencer.gender && influencer.gender !== 'UNKNOWN' ? GENDER_LABELS[influencer.gender] : null,
  ].filter(Boolean);
  const to = `/business/influencers/${influencer.id}`;
  return (
    <Card withBorder radius="lg" padding="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={avatar} name={influencer.name} color="initials" radius="xl" size={52} alt="" />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Anchor component={Link} to={to} fw={700} c="inherit" truncate="end">
              {influencer.name}
            </Anchor>
            {influencer.instagram_username && (
              <Text size="xs" c="dimmed" truncate="end">
                @{influencer.instagram_username}
              </Text>
            )}
            <Group gap={6}>
              <Rating value={influencer.rating ?? 0} fractions={4} readOnly size="xs" aria-hidden />
              <Text size="xs" c="dimmed">
                {influencer.rating !== null
                  ? `${influencer.rating.toFixed(1)} (${influencer.reviews_count})`
                  : 'No reviews yet'}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap={6} wrap="wrap">
          {place && (
            <Group gap={2} wrap="nowrap">
              <IconMapPin size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="xs" c="dimmed">
                {place}
                {influencer.distance_miles !== null ? ` · ${influencer.distance_miles} mi` : ''}
              </Text>
            </Group>
          )}
          {facts.length > 0 && (
            <Text size="xs" c="dimmed">
              · {facts.join(' · ')}
            </Text>
          )}
        </Group>
        {influencer.tags.length > 0 && (
          <Group gap={4}>
            {influencer.tags.map((tag) => (
              <Badge key={tag.id} size="xs" variant="light" color="gray">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs" mt="auto">
          <PlatformIcons
            instagram={influencer.instagram_username}
            tiktok={influencer.tiktok_username}
            youtube={influencer.youtube_username}
          />
          <RelationshipBadge relationship={influencer.relationship} />
        </Group>
        <Group gap="xs" grow>
          <Button component={Link} to={to} variant="default" size="xs">
            View profile
          </Button>
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={() => onInvite(influencer)}
            aria-label={`Invite ${influencer.name} to a campaign`}
          >
            Invite
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
