import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { CAMPAIGN_TYPE } from '@reach/contract/campaigns';
import { type Icon, IconCash, IconGift, IconPackages } from '@tabler/icons-react';
import { useCampaignTypes } from '../../api/get-campaign-types';

const TYPE_DETAILS: Record<number, { icon: Icon; tour: string; explain: string; steps: string }> = {
  [CAMPAIGN_TYPE.product]: {
    icon: IconGift,
    tour: 'campaign-type-product',
    explain: 'Send influencers your product in exchange for a post.',
    steps: 'Next: details and product',
  },
  [CAMPAIGN_TYPE.cash]: {
    icon: IconCash,
    tour: 'campaign-type-cash',
    explain: 'Pay influencers a set amount for each approved post.',
    steps: 'Next: details and budget',
  },
  [CAMPAIGN_TYPE.combination]: {
    icon: IconPackages,
    tour: 'campaign-type-combination',
    explain: 'Send your product and pay for each approved post.',
    steps: 'Next: details, product and budget',
  },
};

/** Step 1: product for a post (1), cash for a post (2) or a combination (3), as three radio cards. */
export function TypeStep({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (typeId: number) => void;
  error?: string | undefined;
}) {
  const { data: types = [] } = useCampaignTypes();
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      label="Campaign type"
      description="What do influencers get for posting about you? You can change this until you publish."
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md" data-tour="campaign-type-options">
        {types.map((type) => {
          const details = TYPE_DETAILS[type.id];
          const TypeIcon = details?.icon ?? IconGift;
          return (
            <Radio.Card
              key={type.id}
              value={String(type.id)}
              radius="lg"
              p="lg"
              data-tour={details?.tour}
              aria-label={`${type.name}: ${type.description}`}
              style={{ height: '100%' }}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <TypeIcon size={26} aria-hidden />
                  </ThemeIcon>
                  <Radio.Indicator />
                </Group>
                <div>
                  <Text fw={700} size="lg">
                    {type.name}
                  </Text>
                  <Text size="sm" fw={500}>
                    {type.description}
                  </Text>
                </div>
                <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                  {details?.explain}
                </Text>
                <Text size="xs" c="dimmed">
                  {details?.steps}
                </Text>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
