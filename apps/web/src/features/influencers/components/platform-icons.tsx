import { Group, Tooltip } from '@mantine/core';
import { IconBrandInstagram, IconBrandTiktok, IconBrandYoutube } from '@tabler/icons-react';

/** The channels an influencer has, as small labelled icons. */
export function PlatformIcons({
  instagram,
  tiktok,
  youtube,
}: {
  instagram: string | null;
  tiktok: string | null;
  youtube: string | null;
}) {
  const items = [
    instagram && { label: `Instagram @${instagram}`, Icon: IconBrandInstagram },
    tiktok && { label: `TikTok @${tiktok}`, Icon: IconBrandTiktok },
    youtube && { label: `YouTube ${youtube}`, Icon: IconBrandYoutube },
  ].filter((x): x is { label: string; Icon: typeof IconBrandInstagram } => !!x);
  return (
    <Group gap={4} wrap="nowrap">
      {items.map(({ label, Icon }) => (
        <Tooltip key={label} label={label} withArrow>
          <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
            <Icon size={18} stroke={1.6} color="var(--mantine-color-gray-7)" aria-hidden />
          </span>
        </Tooltip>
      ))}
    </Group>
  );
}
