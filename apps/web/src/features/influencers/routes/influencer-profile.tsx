import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Rating,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LIVE_CONNECTION_STATUSES } from '@reach/contract/connections';
import { GENDER_LABELS } from '@reach/contract/constants';
import { SOCIAL_LABELS } from '@reach/contract/directory';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconExternalLink,
  IconMapPin,
  IconSend,
  IconWorld,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConnectionStatusBadge } from '../../../components/connection-badges';
import { PageLoader } from '../../../components/page-loader';
import { ReviewCard } from '../../../components/review-card';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { formatDate } from '../../../lib/format';
import { useInfluencer } from '../api/get-influencer';
import { InviteModal } from '../components/invite-modal';
import { RelationshipBadge } from '../components/relationship-badge';

const SOCIAL_ICON = {
  instagram: IconBrandInstagram,
  tiktok: IconBrandTiktok,
  youtube: IconBrandYoutube,
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
};

/** /business/influencers/:influencer_id — photo, bio, channels with links, interests, rating and reviews, your history, invite. */
export default function InfluencerProfileRoute() {
  const { influencer_id } = useParams();
  const id = Number(influencer_id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: profile, error, isPending } = useInfluencer(valid ? id : 0, { enabled: valid });
  const [inviting, setInviting] = useState(false);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <Missing message="This influencer is not on REACH, or their profile is no longer public." />;
  }
  if (error) return <Missing message={errorMessage(error)} />;
  if (isPending || !profile) return <PageLoader />;

  const avatar = profile.avatarType === 'upload' && profile.avatar ? storageUrl(profile.avatar) : null;
  const place = [profile.city, profile.state].filter(Boolean).join(', ');
  const taken = profile.collaborations
    .filter((c) => (LIVE_CONNECTION_STATUSES as readonly string[]).includes(c.status))
    .map((c) => c.campaign_id);

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/business/influencers" size="sm">
          Influencers
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {profile.name}
        </Text>
      </Breadcrumbs>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} mb="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Group gap="lg" wrap="nowrap" align="flex-start" miw={0}>
            <Avatar
              src={avatar}
              name={profile.name}
              color="initials"
              radius="50%"
              size={96}
              alt={`Photo of ${profile.name}`}
            />
            <Stack gap={6} miw={0}>
              <Group gap="sm" wrap="wrap">
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {profile.name}
                </Title>
                <RelationshipBadge relationship={profile.relationship} />
              </Group>
              <Group gap="sm" wrap="wrap">
                {place && (
                  <Group gap={4} wrap="nowrap">
                    <IconMapPin size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                    <Text size="sm" c="dimmed">
                      {place}
                    </Text>
                  </Group>
                )}
                {profile.age !== null && (
                  <Text size="sm" c="dimmed">
                    {profile.age} years old
                  </Text>
                )}
                {profile.gender && profile.gender !== 'UNKNOWN' && (
                  <Text size="sm" c="dimmed">
                    {GENDER_LABELS[profile.gender]}
                  </Text>
                )}
              </Group>
              <Group gap={6}>
                <Rating value={profile.rating ?? 0} fractions={4} readOnly aria-hidden />
                <Text size="sm" fw={600} data-testid="influencer-rating">
                  {profile.rating !== null ? profile.rating.toFixed(2) : 'No rating yet'}
                </Text>
                <Text size="sm" c="dimmed">
                  ({profile.reviews_count} {profile.reviews_count === 1 ? 'review' : 'reviews'})
                </Text>
              </Group>
              {profile.tags.length > 0 && (
                <Group gap={4}>
                  {profile.tags.map((tag) => (
                    <Badge key={tag.id} variant="light" color="reach">
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Group>
          <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => setInviting(true)}>
            Invite to campaign
          </Button>
        </Group>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  About
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {profile.bio || `${profile.name} has not written a bio yet.`}
                </Text>
                <Text size="xs" c="dimmed">
                  On REACH since {formatDate(profile.member_since)}
                </Text>
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Reviews
                </Title>
                {profile.reviews.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No reviews yet. Businesses review influencers after a completed collaboration.
                  </Text>
                ) : (
                  profile.reviews.map((review) => <ReviewCard key={review.id} review={review} />)
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Channels
                </Title>
                {profile.socials.length === 0 && !profile.website && (
                  <Text size="sm" c="dimmed">
                    No channels listed.
                  </Text>
                )}
                {profile.socials.map((s) => {
                  const Icon = SOCIAL_ICON[s.platform];
                  return (
                    <Anchor key={s.platform} href={s.url} target="_blank" rel="noopener noreferrer" size="sm">
                      <Group gap="xs" wrap="nowrap">
                        <Icon size={18} aria-hidden />
                        <span>
                          {SOCIAL_LABELS[s.platform]}: @{s.username}
                        </span>
                        <IconExternalLink size={14} aria-hidden />
                      </Group>
                    </Anchor>
                  );
                })}
                {profile.website && (
                  <Anchor href={profile.website} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap="xs" wrap="nowrap">
                      <IconWorld size={18} aria-hidden />
                      <span>Website</span>
                      <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Your collaborations
                </Title>
                {profile.collaborations.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    You have not worked with {profile.name} yet.
                  </Text>
                ) : (
                  profile.collaborations.map((c) => (
                    <Group key={c.connection_id} justify="space-between" gap="xs" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/business/connections/${c.connection_id}`}
                        size="sm"
                        lineClamp={1}
                      >
                        {c.campaign_title ?? 'Untitled campaign'}
                      </Anchor>
                      <ConnectionStatusBadge status={c.status} size="sm" style={{ flexShrink: 0 }} />
                    </Group>
                  ))
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <InviteModal
        influencer={inviting ? { id: profile.id, name: profile.name } : null}
        takenCampaignIds={taken}
        onClose={() => setInviting(false)}
      />
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="yellow" variant="light" role="alert" title="Influencer not available">
        {message}
      </Alert>
      <Anchor component={Link} to="/business/influencers">
        Back to influencers
      </Anchor>
    </Stack>
  );
}
