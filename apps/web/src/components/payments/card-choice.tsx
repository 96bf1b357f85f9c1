import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { usePaymentMethods } from '../../lib/payments/get-payment-methods';
import { AddCardForm } from './add-card-form';
import { CardSelect, preferredCard } from './card-select';

/**
 * The card a payment dialog charges: the saved cards (loaded while the dialog is open), the chosen one (the
 * default preselected once the cards are known, and a card just added), and whether a new card is being added.
 */
export function useCardChoice(opened: boolean) {
  const cards = usePaymentMethods({ enabled: opened });
  const [cardId, setCardId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = cards.data?.data;

  useEffect(() => {
    if (opened && cardId === null) setCardId(preferredCard(list));
  }, [opened, list, cardId]);

  /** Back to the preselected card, not adding one (when the dialog closes). */
  const reset = useCallback(() => {
    setAdding(false);
    setCardId(null);
  }, []);

  return { cards, list, cardId, setCardId, adding, setAdding, noCards: !!list && list.length === 0, reset };
}

export type CardChoiceState = ReturnType<typeof useCardChoice>;

/**
 * Pick a saved card to pay with, or add one: the add form stands in for the choice while adding, and when
 * there is no card yet (then it cannot be cancelled).
 */
export function CardChoice({ choice }: { choice: CardChoiceState }) {
  const { cards, list, cardId, setCardId, adding, setAdding, noCards } = choice;
  return (
    <>
      {cards.isPending && <Skeleton h={64} aria-label="Loading your cards" />}
      {cards.error && (
        <Text c="red" size="sm">
          {errorMessage(cards.error)}
        </Text>
      )}
      {list && (adding || noCards) ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {noCards ? 'Add a card to pay with' : 'Add a card'}
          </Text>
          <AddCardForm
            canChooseDefault={!noCards}
            submitLabel="Save card"
            onCancel={noCards ? undefined : () => setAdding(false)}
            onSaved={(card) => {
              setCardId(card.id);
              setAdding(false);
            }}
          />
        </Stack>
      ) : (
        list && (
          <>
            <CardSelect cards={list} value={cardId} onChange={setCardId} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setAdding(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              <Group gap={4} component="span">
                <IconPlus size={14} aria-hidden /> Use another card
              </Group>
            </Anchor>
          </>
        )
      )}
    </>
  );
}
