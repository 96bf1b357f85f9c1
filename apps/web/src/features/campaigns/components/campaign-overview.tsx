import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@reach/contract/campaigns';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { needsBudget, needsProduct } from '../utils/campaign-form';
import { daysLeftLabel, formatDay } from '../utils/dates';
import { formatMoney } from '../utils/money';
import { CampaignTypeBadge } from './campaign-badges';

/** A labelled fact in a summary grid. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Type, dates, days left and interests at a glance. */
export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  const running = campaign.status === 'active' || campaign.status === 'paused';
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
      <Fact label="Type">
        <CampaignTypeBadge typeId={campaign.type_id} name={campaign.type.name} />
      </Fact>
      <Fact label="Start date">{formatDay(campaign.start_date) || 'Not set'}</Fact>
      <Fact label="End date">{formatDay(campaign.end_date) || 'Not set'}</Fact>
      <Fact label="Days left">{running && campaign.end_date ? daysLeftLabel(campaign.end_date) : '—'}</Fact>
      <Fact label="Interests">
        {campaign.interests.length ? (
          <Group gap={4}>
            {campaign.interests.map((interest) => (
              <Badge key={interest.id} variant="light" size="sm">
                {interest.name}
              </Badge>
            ))}
          </Group>
        ) : (
          'None chosen'
        )}
      </Fact>
    </SimpleGrid>
  );
}

function Section({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Stack>
  );
}

/** The brief influencers work from: description, brand, objectives, talking points, requirements, tracking. */
export function CampaignBrief({ campaign }: { campaign: Campaign }) {
  const empty = ![
    campaign.description,
    campaign.brand_overview,
    campaign.objectives,
    campaign.talking_points,
    campaign.post_requirements,
  ].some(Boolean);
  return (
    <Stack gap="md">
      {empty && (
        <Text size="sm" c="dimmed">
          No brief written yet.
        </Text>
      )}
      <Section title="Description" text={campaign.description} />
      <Section title="Brand overview" text={campaign.brand_overview} />
      <Section title="Objectives" text={campaign.objectives} />
      <Section title="Talking points" text={campaign.talking_points} />
      <Section title="Post requirements" text={campaign.post_requirements} />
      {campaign.url_tracking && campaign.tracker_url && (
        <Stack gap={4}>
          <Title order={3} fz="md">
            Tracking link
          </Title>
          <Anchor
            href={campaign.tracker_url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {campaign.tracker_url}
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}

/** What influencers get: the product (types 1 and 3) and the pay per post (types 2 and 3). */
export function CampaignOffer({
  campaign,
  title = 'What influencers get',
}: {
  campaign: Campaign;
  title?: string;
}) {
  const product = needsProduct(campaign.type_id);
  const cash = needsBudget(campaign.type_id);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {product && (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Text fw={600}>{campaign.product_name || 'Product to be announced'}</Text>
              {campaign.product_amount_cents !== null && (
                <Badge variant="light" color="grape" size="lg">
                  {formatMoney(campaign.product_amount_cents)} value
                </Badge>
              )}
            </Group>
            {campaign.product_description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {campaign.product_description}
              </Text>
            )}
            {campaign.product_link && (
              <Anchor href={campaign.product_link} target="_blank" rel="noreferrer" size="sm">
                <Group gap={4} component="span">
                  See the product <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
        )}
        {cash && (
          <SimpleGrid cols={2} spacing="md">
            <Fact label="Per post">{formatMoney(campaign.amount_per_post_cents)}</Fact>
            <Fact label="Max posts per influencer">{campaign.max_posts_per_influencer ?? '—'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
