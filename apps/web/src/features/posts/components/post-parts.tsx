import { ActionIcon, Anchor, Avatar, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PLATFORM_LABELS } from '@reach/contract/constants';
import { formatUsd } from '@reach/contract/money';
import type { Post } from '@reach/contract/posts';
import {
  IconBookmark,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandYoutube,
  IconExternalLink,
  IconEye,
  IconFilter,
  IconHeart,
  IconMessageCircle,
  IconPlayerPlay,
  IconRefresh,
  IconShare3,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { MetricProvenance } from '../../../components/metric-provenance';
import { errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { formatCount } from '../../../lib/format';
import { useRefreshPostMetrics } from '../api/refresh-metrics';
import { PostMediaThumbs as MediaThumbs } from './post-media-viewer';

const PLATFORM_ICONS = {
  instagram: IconBrandInstagram,
  tiktok: IconBrandTiktok,
  youtube: IconBrandYoutube,
} as const;

/** The influencer who posted: avatar and name, linked to their profile; `onFilter` shows only their posts. */
export function PostInfluencer({ post, onFilter }: { post: Post; onFilter?: () => void }) {
  const { influencer } = post;
  const avatar =
    influencer.avatarType === 'upload' && influencer.avatar ? storageUrl(influencer.avatar) : null;
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={avatar} name={influencer.name} color="initials" radius="xl" size={36} alt="" />
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={`/business/influencers/${influencer.id}`}
          fw={600}
          size="sm"
          truncate="end"
        >
          {influencer.name}
        </Anchor>
        {influencer.instagram_username && (
          <Text size="xs" c="dimmed" truncate="end">
            @{influencer.instagram_username}
          </Text>
        )}
      </Stack>
      {onFilter && (
        <Tooltip label={`Only ${influencer.name}'s posts`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onFilter}
            aria-label={`Show only ${influencer.name}'s posts`}
          >
            <IconFilter size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The platform with its icon, and the link that opens the post itself in a new tab. */
export function PostLink({ post }: { post: Post }) {
  const Icon = PLATFORM_ICONS[post.platform];
  const label = PLATFORM_LABELS[post.platform];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={18} aria-hidden />
      {post.post_url ? (
        <Anchor
          href={post.post_url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`Open the ${label} post`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {label}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ) : (
        <Text size="sm">{label}</Text>
      )}
    </Group>
  );
}

/** Thumbnails of the post's media; each opens it in the in-app lightbox. */
export function PostMediaThumbs({ post, size = 48 }: { post: Post; size?: number }) {
  return <MediaThumbs media={post.media} owner={post.influencer.name} size={size} />;
}

type MetricItem = { key: string; Icon: typeof IconHeart; value: number | null; label: string };

/**
 * A post's figures once fetched — reach, views (impressions), likes, comments, shares, saves and, for a video,
 * its views; a figure the platform does not report is left out — with where they come from and their age.
 */
export function PostMetrics({ post }: { post: Post }) {
  const { metrics } = post;
  if (!metrics) return null;
  const items: MetricItem[] = [
    { key: 'likes', Icon: IconHeart, value: metrics.likes, label: 'likes' },
    { key: 'comments', Icon: IconMessageCircle, value: metrics.comments, label: 'comments' },
    { key: 'shares', Icon: IconShare3, value: metrics.shares, label: 'shares' },
    { key: 'saves', Icon: IconBookmark, value: metrics.saves, label: 'saves' },
    { key: 'reach', Icon: IconUsers, value: metrics.reach, label: 'reach (accounts)' },
    { key: 'impressions', Icon: IconEye, value: metrics.impressions, label: 'impressions' },
    { key: 'video_views', Icon: IconPlayerPlay, value: metrics.video_views, label: 'video views' },
  ];
  return (
    <Group gap="sm" wrap="wrap" data-testid="post-metrics">
      {items.map(({ key, Icon, value, label }) =>
        value === null ? null : (
          <Tooltip key={key} label={label}>
            <Group gap={3} wrap="nowrap" aria-label={`${formatCount(value)} ${label}`}>
              <Icon size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="xs">{formatCount(value)}</Text>
            </Group>
          </Tooltip>
        ),
      )}
      <MetricProvenance source={metrics.source} method={metrics.method} asOf={metrics.as_of} />
    </Group>
  );
}

/**
 * "Refresh metrics" for the business of the campaign (or an admin): reads the post's figures again now. Too
 * soon after the last refresh the API's answer (wait N minutes) is shown under the button.
 */
export function RefreshMetricsButton({ post, size = 'xs' }: { post: Post; size?: 'xs' | 'sm' }) {
  const refresh = useRefreshPostMetrics();
  if (!post.abilities.refresh_metrics) return null;
  const failed = refresh.isError && refresh.variables === post.id;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        variant="subtle"
        px={6}
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={refresh.isPending}
        onClick={() => refresh.mutate(post.id)}
        aria-label={`Refresh metrics of ${post.influencer.name}'s post`}
      >
        Refresh metrics
      </Button>
      {failed && (
        <Text size="xs" c="red.8" role="alert" maw={260}>
          {errorMessage(refresh.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The payment of an approved post, or what approving it will pay, or an em dash. */
export function PostPayment({ post }: { post: Post }) {
  if (post.payment) {
    return (
      <Text size="sm" fw={600} c="teal.8">
        {formatUsd(post.payment.amount_cents)}
      </Text>
    );
  }
  const willPay = post.status === 'submitted' && post.campaign.amount_per_post_cents;
  return willPay ? (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {formatUsd(post.campaign.amount_per_post_cents!)}
      </Text>
      <Text size="xs" c="dimmed">
        on approval
      </Text>
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
