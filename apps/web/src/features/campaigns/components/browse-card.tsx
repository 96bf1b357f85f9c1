import { Anchor, AspectRatio, Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { CampaignSummary } from '@reach/contract/campaigns';
import { IconCash, IconGift, IconPackages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { storageUrl } from '../../../lib/config';
import { needsBudget, needsProduct } from '../utils/campaign-form';
import { daysLeftLabel, formatDayRange } from '../utils/dates';
import { formatMoney } from '../utils/money';
import { CampaignTypeBadge } from './campaign-badges';

const TYPE_ICON = { 1: IconGift, 2: IconCash, 3: IconPackages } as const;

/** The offer in one line: "Solstice SPF 50 ($32.00 value) + $150.00 per post". */
export function offerSummary(
  c: Pick<CampaignSummary, 'type_id' | 'product_name' | 'product_amount_cents' | 'amount_per_post_cents'>,
) {
  const parts: string[] = [];
  if (needsProduct(c.type_id)) {
    const value = c.product_amount_cents !== null ? ` (${formatMoney(c.product_amount_cents)} value)` : '';
    parts.push(`${c.product_name ?? 'A product'}${value}`);
  }
  if (needsBudget(c.type_id) && c.amount_per_post_cents !== null)
    parts.push(`${formatMoney(c.amount_per_post_cents)} per post`);
  return parts.join(' + ');
}

/** A campaign an influencer can browse: cover, title, business, type, dates, interests and the offer. */
export function BrowseCard({
  campaign,
  onBusiness,
}: {
  campaign: CampaignSummary;
  /** Filter the list by this card's business. */
  onBusiness?: (businessId: number) => void;
}) {
  const TypeIcon = TYPE_ICON[campaign.type_id as 1 | 2 | 3] ?? IconGift;
  const title = campaign.title ?? 'Untitled campaign';
  return (
    <Card withBorder padding="md" radius="lg" h="100%">
      <Card.Section component={Link} to={`/influencer/campaigns/${campaign.id}`} tabIndex={-1} aria-hidden>
        <AspectRatio ratio={16 / 9}>
          {campaign.cover_url ? (
            <Image src={storageUrl(campaign.cover_url)} alt="" fit="cover" />
          ) : (
            <Box
              style={{
                background:
                  'linear-gradient(135deg, var(--mantine-color-reach-1), var(--mantine-color-grape-1))',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <TypeIcon size={48} stroke={1.4} color="var(--mantine-color-reach-5)" aria-hidden />
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={8} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={`/influencer/campaigns/${campaign.id}`}
            fw={700}
            c="inherit"
            lineClamp={2}
            style={{ minWidth: 0 }}
          >
            {title}
          </Anchor>
          <CampaignTypeBadge
            typeId={campaign.type_id}
            name={campaign.type_name}
            size="sm"
            style={{ flexShrink: 0 }}
          />
        </Group>
        {campaign.business_name &&
          (onBusiness ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="dimmed"
              ta="left"
              onClick={() => onBusiness(campaign.business_id)}
              aria-label={`Show only campaigns by ${campaign.business_name}`}
            >
              by {campaign.business_name}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              by {campaign.business_name}
            </Text>
          ))}
        <Text size="sm">{offerSummary(campaign)}</Text>
        {campaign.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {campaign.excerpt}
          </Text>
        )}
        {campaign.interests.length > 0 && (
          <Group gap={4}>
            {campaign.interests.map((interest) => (
              <Badge key={interest.id} size="xs" variant="light" color="gray">
                {interest.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs" mt="auto" pt={4}>
          <Text size="xs" c="dimmed">
            {formatDayRange(campaign.start_date, campaign.end_date)}
          </Text>
          {campaign.end_date && (
            <Badge size="sm" variant="light" color="teal">
              {daysLeftLabel(campaign.end_date)}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
