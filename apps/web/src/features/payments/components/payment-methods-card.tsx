import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { PaymentMethod } from '@reach/contract/payments';
import { IconCreditCard, IconDots, IconPlus, IconRefresh, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AddCardModal } from '../../../components/payments/add-card-modal';
import { CardBrandIcon, cardExpiry, cardLabel } from '../../../components/payments/card-brand-icon';
import { errorMessage } from '../../../lib/api-error';
import { usePaymentMethods } from '../../../lib/payments/get-payment-methods';
import { useRemovePaymentMethod } from '../../../lib/payments/remove-payment-method';
import { useSetDefaultPaymentMethod } from '../../../lib/payments/set-default-payment-method';
import { toast } from '../../../lib/toast';

/** The business's saved cards: add, make default, remove. Cached for the visit; Refresh reloads them. */
export function PaymentMethodsCard() {
  const cards = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const makeDefault = useSetDefaultPaymentMethod();
  const [adding, setAdding] = useState(false);
  const list = cards.data?.data ?? [];

  const run = async (fn: () => Promise<unknown>, success: string) => {
    try {
      await fn();
      toast.success(success);
    } catch (error) {
      toast.error(errorMessage(error), { title: 'Card not changed' });
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="payment-methods-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="payment-methods-title">
            Payment methods
          </Title>
          <Group gap="xs">
            <Tooltip label="Refresh cards">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Refresh cards"
                loading={cards.isFetching}
                onClick={() => void cards.refetch()}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add card
            </Button>
          </Group>
        </Group>
        {cards.isPending && <Skeleton h={72} aria-label="Loading cards" />}
        {cards.error && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(cards.error)}
          </Text>
        )}
        {cards.data && list.length === 0 && (
          <EmptyState
            icon={<IconCreditCard size={28} aria-hidden />}
            title="No cards yet"
            description="Add a card to fund campaign budgets and pay for your plan."
            py="md"
          />
        )}
        {list.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {list.map((card) => (
              <SavedCard
                key={card.id}
                card={card}
                onDefault={() =>
                  run(() => makeDefault.mutateAsync(card.id), `${cardLabel(card)} is now your default card.`)
                }
                onRemove={() => run(() => remove.mutateAsync(card.id), `${cardLabel(card)} removed.`)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <AddCardModal opened={adding} onClose={() => setAdding(false)} canChooseDefault={list.length > 0} />
    </Paper>
  );
}

function SavedCard({
  card,
  onDefault,
  onRemove,
}: {
  card: PaymentMethod;
  onDefault: () => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={cardLabel(card)}>
      <Group wrap="nowrap" gap="sm" align="center">
        <CardBrandIcon brand={card.brand} size={42} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {cardLabel(card)}
          </Text>
          <Text size="xs" c={card.expired ? 'red' : 'dimmed'} lineClamp={1}>
            {card.expired ? `Expired ${cardExpiry(card)}` : `Expires ${cardExpiry(card)}`}
            {card.holder_name ? ` · ${card.holder_name}` : ''}
          </Text>
          {card.is_default && (
            <Badge size="xs" variant="light" w="fit-content">
              Default
            </Badge>
          )}
        </Stack>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${cardLabel(card)}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {!card.is_default && (
              <Menu.Item
                leftSection={<IconStar size={16} aria-hidden />}
                onClick={onDefault}
                disabled={card.expired}
              >
                Make default
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
              Remove
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
