import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Card,
  Grid,
  Group,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatUsd } from '@reach/contract/money';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ConnectionStatusBadge } from '../../../components/connection-badges';
import { PageLoader } from '../../../components/page-loader';
import { ReviewCard } from '../../../components/review-card';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { formatDate } from '../../../lib/format';
import { useBusiness } from '../api/get-business';

/** /influencer/businesses/:id — a business's profile, its active campaigns, reviews and your connections with it. */
export default function BusinessProfileRoute() {
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const { data: business, error, isPending } = useBusiness(valid ? id : 0, { enabled: valid });

  if (!valid || (error instanceof ApiError && error.status === 404))
    return <Missing message="This business is not on REACH." />;
  if (error) return <Missing message={errorMessage(error)} />;
  if (isPending || !business) return <PageLoader />;

  const name = business.business_name ?? 'Unnamed business';
  const avatar = business.avatarType === 'upload' && business.avatar ? storageUrl(business.avatar) : null;
  const place = [business.city, business.state].filter(Boolean).join(', ');

  return (
    <>
      <Breadcrumbs mb="xs" separator="›">
        <Anchor component={Link} to="/influencer/businesses" size="sm">
          Businesses
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {name}
        </Text>
      </Breadcrumbs>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} mb="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Avatar src={avatar} name={name} color="initials" radius="md" size={88} alt={`${name} logo`} />
          <Stack gap={6} miw={0}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {name}
              </Title>
              {business.connected && (
                <Badge variant="light" color="teal">
                  Connected
                </Badge>
              )}
            </Group>
            <Group gap="sm" wrap="wrap">
              {business.type && (
                <Text size="sm" c="dimmed">
                  {business.type}
                </Text>
              )}
              {place && (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                  <Text size="sm" c="dimmed">
                    {place}
                  </Text>
                </Group>
              )}
              {business.website && (
                <Anchor href={business.website} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} wrap="nowrap">
                    Website <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              )}
            </Group>
            <Group gap={6}>
              <Rating value={business.rating ?? 0} fractions={4} readOnly aria-hidden />
              <Text size="sm" fw={600}>
                {business.rating !== null ? business.rating.toFixed(2) : 'No rating yet'}
              </Text>
              <Text size="sm" c="dimmed">
                ({business.reviews_count} {business.reviews_count === 1 ? 'review' : 'reviews'})
              </Text>
            </Group>
            {business.description && (
              <Text size="sm" maw={720}>
                {business.description}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Active campaigns
                </Title>
                {business.campaigns.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {name} has no active campaign right now.
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {business.campaigns.map((c) => (
                      <Card key={c.id} withBorder radius="md" padding="md">
                        <Stack gap={6}>
                          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                            <Anchor
                              component={Link}
                              to={`/influencer/campaigns/${c.id}`}
                              fw={700}
                              c="inherit"
                              lineClamp={2}
                            >
                              {c.title ?? 'Untitled campaign'}
                            </Anchor>
                            <Badge size="sm" variant="outline" style={{ flexShrink: 0 }}>
                              {c.type_name}
                            </Badge>
                          </Group>
                          {c.excerpt && (
                            <Text size="sm" c="dimmed" lineClamp={2}>
                              {c.excerpt}
                            </Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {[
                              c.product_name,
                              c.amount_per_post_cents !== null
                                ? `${formatUsd(c.amount_per_post_cents)} per post`
                                : null,
                              c.end_date ? `ends ${formatDate(c.end_date)}` : null,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </Text>
                        </Stack>
                      </Card>
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Reviews by influencers
                </Title>
                {business.reviews.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No reviews yet.
                  </Text>
                ) : (
                  business.reviews.map((review) => <ReviewCard key={review.id} review={review} />)
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="lg">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Your connections
              </Title>
              {business.collaborations.length === 0 ? (
                <Text size="sm" c="dimmed">
                  You have not worked with {name} yet. Open one of its campaigns to apply.
                </Text>
              ) : (
                business.collaborations.map((c) => (
                  <Group key={c.connection_id} justify="space-between" gap="xs" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`/influencer/connections/${c.connection_id}`}
                      size="sm"
                      lineClamp={1}
                    >
                      {c.campaign_title ?? 'Untitled campaign'}
                    </Anchor>
                    <ConnectionStatusBadge status={c.status} size="sm" style={{ flexShrink: 0 }} />
                  </Group>
                ))
              )}
              <Text size="xs" c="dimmed">
                On REACH since {formatDate(business.member_since)}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="yellow" variant="light" role="alert" title="Business not available">
        {message}
      </Alert>
      <Anchor component={Link} to="/influencer/businesses">
        Back to businesses
      </Anchor>
    </Stack>
  );
}
