import { Alert, Anchor, Button, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { formatUsd } from '@reach/contract/money';
import type { FundCampaignResponse } from '@reach/contract/payments';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { useFundCampaign } from '../../lib/payments/fund-campaign';
import { usePaymentMethods } from '../../lib/payments/get-payment-methods';
import { toast } from '../../lib/toast';
import { AddCardForm } from './add-card-form';
import { cardLabel } from './card-brand-icon';
import { CardSelect, preferredCard } from './card-select';

export type FundTarget = {
  id: number;
  title: string | null;
  total_budget_cents: number | null;
  to_fund_cents: number;
};

/**
 * Pays what a campaign's budget still needs by card. The money is held in the campaign's budget for the
 * influencers' approved posts; what is left when the campaign ends goes back to the card.
 */
export function FundCampaignModal({
  campaign,
  opened,
  onClose,
  onFunded,
}: {
  campaign: FundTarget | null;
  opened: boolean;
  onClose: () => void;
  onFunded?: (result: FundCampaignResponse) => void;
}) {
  const cards = usePaymentMethods({ enabled: opened });
  const fund = useFundCampaign();
  const [cardId, setCardId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = cards.data?.data;

  // Preselect the default card once the cards are known (and again after one is added).
  useEffect(() => {
    if (opened && cardId === null) setCardId(preferredCard(list));
  }, [opened, list, cardId]);
  // Reset when the dialog closes.
  const { reset } = fund;
  useEffect(() => {
    if (!opened) {
      reset();
      setAdding(false);
      setCardId(null);
    }
  }, [opened, reset]);

  const title = campaign?.title || 'Untitled campaign';
  const amount = campaign?.to_fund_cents ?? 0;
  const noCards = !!list && list.length === 0;

  const pay = async () => {
    if (!campaign) return;
    try {
      const result = await fund.mutateAsync({ id: campaign.id, paymentMethodId: cardId });
      if (result.charge.status === 'pending') {
        toast.success('Your payment is being processed. The budget will show as funded once it clears.');
      } else {
        toast.success(
          `Campaign budget funded: ${formatUsd(result.charge.amount_cents)} paid with ${
            result.charge.card ? cardLabel(result.charge.card) : 'your card'
          }.`,
        );
      }
      onFunded?.(result);
      onClose();
    } catch {
      // Shown in the dialog; the choice stays open to retry with another card.
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Fund campaign" centered size="md">
      {campaign && (
        <Stack gap="md">
          <Text size="sm">
            Pay <strong>{formatUsd(amount)}</strong> now to fund the budget of <strong>{title}</strong>
            {campaign.total_budget_cents !== null && amount !== campaign.total_budget_cents
              ? ` (total budget ${formatUsd(campaign.total_budget_cents)})`
              : ''}
            . The money is held for the influencers' approved posts; what is left when the campaign ends is
            refunded to your card.
          </Text>
          <Divider />
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
                <Anchor component="button" type="button" size="sm" onClick={() => setAdding(true)}>
                  <Group gap={4} component="span">
                    <IconPlus size={14} aria-hidden /> Use another card
                  </Group>
                </Anchor>
              </>
            )
          )}
          {fund.error && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} aria-hidden />}
              title="Payment not made"
            >
              {errorMessage(fund.error)}
            </Alert>
          )}
          {!adding && !noCards && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={fund.isPending}>
                Not now
              </Button>
              <Button onClick={pay} loading={fund.isPending} disabled={cardId === null || amount <= 0}>
                Pay {formatUsd(amount)}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
