import { Anchor, Avatar, Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import type { BusinessListItem } from '@reach/contract/directory';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { storageUrl } from '../../../lib/config';

/** A business in the directory: name, place, rating, what its live campaigns are about, and whether you work with it. */
export function BusinessCard({ business }: { business: BusinessListItem }) {
  const name = business.business_name ?? 'Unnamed business';
  const avatar = business.avatarType === 'upload' && business.avatar ? storageUrl(business.avatar) : null;
  const place = [business.city, business.state_code].filter(Boolean).join(', ');
  const to = `/influencer/businesses/${business.id}`;
  return (
    <Card withBorder radius="lg" padding="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={avatar} name={name} color="initials" radius="md" size={52} alt="" />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Anchor component={Link} to={to} fw={700} c="inherit" truncate="end">
              {name}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              {business.type ?? 'Business'}
            </Text>
            <Group gap={6}>
              <Rating value={business.rating ?? 0} fractions={4} readOnly size="xs" aria-hidden />
              <Text size="xs" c="dimmed">
                {business.rating !== null
                  ? `${business.rating.toFixed(1)} (${business.reviews_count})`
                  : 'No reviews yet'}
              </Text>
            </Group>
          </Stack>
        </Group>
        {business.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {business.description}
          </Text>
        )}
        {business.tags.length > 0 && (
          <Group gap={4}>
            {business.tags.map((tag) => (
              <Badge key={tag.id} size="xs" variant="light" color="gray">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs" mt="auto">
          {place ? (
            <Group gap={2} wrap="nowrap">
              <IconMapPin size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="xs" c="dimmed">
                {place}
              </Text>
            </Group>
          ) : (
            <span />
          )}
          <Group gap={6}>
            {business.connected && (
              <Badge size="sm" variant="light" color="teal">
                Connected
              </Badge>
            )}
            <Text size="xs" fw={600} c={business.active_campaigns ? 'teal.7' : 'dimmed'}>
              {business.active_campaigns} active {business.active_campaigns === 1 ? 'campaign' : 'campaigns'}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
