import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import type { PaymentMethod } from '@reach/contract/payments';
import { CardBrandIcon, cardExpiry, cardLabel } from './card-brand-icon';

/** Choose one of the saved cards (expired ones cannot be chosen). */
export function CardSelect({
  cards,
  value,
  onChange,
  label = 'Pay with',
}: {
  cards: PaymentMethod[];
  value: number | null;
  onChange: (id: number) => void;
  label?: string;
}) {
  return (
    <Radio.Group
      label={label}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
    >
      <Stack gap="xs" mt={6}>
        {cards.map((card) => (
          <Radio.Card
            key={card.id}
            value={String(card.id)}
            disabled={card.expired}
            radius="md"
            p="sm"
            aria-label={`${cardLabel(card)}, expires ${cardExpiry(card)}${card.is_default ? ', default' : ''}`}
            style={{ opacity: card.expired ? 0.55 : 1 }}
          >
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <CardBrandIcon brand={card.brand} size={34} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {cardLabel(card)}
                </Text>
                <Text size="xs" c={card.expired ? 'red' : 'dimmed'}>
                  {card.expired ? 'Expired' : `Expires ${cardExpiry(card)}`}
                </Text>
              </Stack>
              {card.is_default && (
                <Badge size="sm" variant="light">
                  Default
                </Badge>
              )}
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The card to preselect: the default one unless it expired, else the first usable one. */
export function preferredCard(cards: PaymentMethod[] | undefined): number | null {
  if (!cards?.length) return null;
  return (cards.find((c) => c.is_default && !c.expired) ?? cards.find((c) => !c.expired))?.id ?? null;
}
