import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { formatUsd } from '@reach/contract/money';
import type { FundCampaignResponse } from '@reach/contract/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/api-error';
import { useFundCampaign } from '../../lib/payments/fund-campaign';
import { toast } from '../../lib/toast';
import { cardLabel } from './card-brand-icon';
import { CardChoice, useCardChoice } from './card-choice';

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
  const choice = useCardChoice(opened);
  const { cardId, adding, noCards } = choice;
  const fund = useFundCampaign();
  // Reset when the dialog closes.
  const { reset } = fund;
  const resetChoice = choice.reset;
  useEffect(() => {
    if (!opened) {
      reset();
      resetChoice();
    }
  }, [opened, reset, resetChoice]);

  const title = campaign?.title || 'Untitled campaign';
  const amount = campaign?.to_fund_cents ?? 0;

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
          <CardChoice choice={choice} />
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
