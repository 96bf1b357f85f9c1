import { Group, Text } from '@mantine/core';
import { PLATFORM_LABELS, type Platform } from '@reach/contract/constants';
import { IconBrandInstagram, IconBrandTiktok, IconBrandYoutube } from '@tabler/icons-react';

const ICONS = { instagram: IconBrandInstagram, tiktok: IconBrandTiktok, youtube: IconBrandYoutube };

/** The platform with its icon, e.g. "Instagram". */
export function PlatformLabel({ platform, size = 'xs' }: { platform: Platform; size?: 'xs' | 'sm' }) {
  const Icon = ICONS[platform];
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={size === 'xs' ? 14 : 16} stroke={1.7} aria-hidden />
      <Text size={size} c="dimmed">
        {PLATFORM_LABELS[platform]}
      </Text>
    </Group>
  );
}
