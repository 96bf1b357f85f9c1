import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_MESSAGE } from '@reach/contract/messages';
import { formatUsd } from '@reach/contract/money';
import type { Balance } from '@reach/contract/payments';
import { IconAlertCircle, IconBuildingBank, IconCash, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { usePaymentsConfig } from '../../../lib/payments/get-payments-config';
import { toast } from '../../../lib/toast';
import { useBalance } from '../api/get-balance';
import { useSetPayoutAccount } from '../api/set-payout-account';
import { useWithdraw } from '../api/withdraw';

/** The influencer's money at a glance: what can be withdrawn now, and where withdrawals go. */
export function BalanceCard() {
  const { data, error, isPending } = useBalance();
  const [withdrawing, setWithdrawing] = useState(false);
  const [editingAccount, setEditingAccount] = useState(false);

  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title="We could not load your balance">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending || !data) return <Skeleton h={180} radius="md" aria-label="Loading your balance" />;
  const account = data.payout_account;

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        style={{ gridColumn: 'span 2' }}
        component="section"
        aria-labelledby="balance-title"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={2}>
              <Text id="balance-title" size="sm" c="dimmed" fw={600}>
                Available balance
              </Text>
              <Text
                fz={36}
                fw={800}
                lh={1.1}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid="available-balance"
              >
                {formatUsd(data.available_cents)}
              </Text>
            </Stack>
            <Button
              leftSection={<IconCash size={18} aria-hidden />}
              onClick={() => setWithdrawing(true)}
              disabled={data.available_cents <= 0}
            >
              Withdraw
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label="Earned in total" value={data.earned_cents} />
            <Figure label="Withdrawn" value={data.withdrawn_cents} />
            <Figure label="On its way to your bank" value={data.pending_payout_cents} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="payout-account-title"
      >
        <Stack gap="sm" h="100%">
          <Group gap="xs">
            <IconBuildingBank size={20} aria-hidden />
            <Title order={2} fz="md" id="payout-account-title">
              Payout account
            </Title>
          </Group>
          {account ? (
            <Stack gap={2} style={{ flex: 1 }}>
              <Text fw={600}>
                {account.bank_name ?? 'Bank account'}
                {account.last4 ? ` ••${account.last4}` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {account.holder_name}
              </Text>
              {account.status === 'onboarding' && (
                <Text size="sm" c="orange.8">
                  Finish setting up your account with Stripe to withdraw.
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Add the bank account your withdrawals go to.
            </Text>
          )}
          <Button variant="default" onClick={() => setEditingAccount(true)}>
            {account ? 'Change account' : 'Add bank account'}
          </Button>
        </Stack>
      </Paper>
      <WithdrawModal
        balance={data}
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        onNeedAccount={() => {
          setWithdrawing(false);
          setEditingAccount(true);
        }}
      />
      <PayoutAccountModal opened={editingAccount} onClose={() => setEditingAccount(false)} />
    </SimpleGrid>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatUsd(value)}
      </Text>
    </Paper>
  );
}

function WithdrawModal({
  balance,
  opened,
  onClose,
  onNeedAccount,
}: {
  balance: Balance;
  opened: boolean;
  onClose: () => void;
  onNeedAccount: () => void;
}) {
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState<number | string>('');
  const account = balance.payout_account;
  const cents = amount === '' ? null : Math.round(Number(amount) * 100);
  // The amount typed is the amount sent: never clamped behind the user's back, refused here when too high.
  const tooHigh = cents !== null && cents > balance.available_cents;
  const close = () => {
    withdraw.reset();
    setAmount('');
    onClose();
  };
  const confirm = async () => {
    try {
      const result = await withdraw.mutateAsync(cents);
      if (result.payout.status === 'failed') return; // shown below, with the money back in the balance
      toast.success(
        `${formatUsd(result.payout.amount_cents)} is on its way to ${result.payout.destination}.`,
      );
      close();
    } catch {
      // Shown in the dialog.
    }
  };
  const failed = withdraw.data?.payout.status === 'failed' ? withdraw.data.payout.failure_message : null;

  return (
    <Modal opened={opened} onClose={close} title="Withdraw to your bank" centered>
      <Stack gap="md">
        {!account ? (
          <>
            <Text size="sm">Add the bank account your withdrawals go to first.</Text>
            <Group justify="flex-end">
              <Button onClick={onNeedAccount}>Add bank account</Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              Available: <strong>{formatUsd(balance.available_cents)}</strong>. The money goes to{' '}
              <strong>
                {account.bank_name ?? 'your bank account'}
                {account.last4 ? ` ••${account.last4}` : ''}
              </strong>
              .
            </Text>
            <NumberInput
              label="Amount"
              description="Leave empty to withdraw your whole balance"
              placeholder={(balance.available_cents / 100).toFixed(2)}
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              min={0.01}
              max={balance.available_cents / 100}
              clampBehavior="none"
              allowNegative={false}
              value={amount}
              onChange={setAmount}
              error={tooHigh ? `You can withdraw at most ${formatUsd(balance.available_cents)}.` : undefined}
            />
            {(withdraw.error || failed) && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle size={18} aria-hidden />}
                title="Withdrawal not made"
              >
                {failed ? `${failed} The money is back in your balance.` : errorMessage(withdraw.error)}
                {withdraw.error instanceof ApiError &&
                  withdraw.error.code === 'unprocessable' &&
                  !account && (
                    <Anchor component="button" onClick={onNeedAccount} ml={4}>
                      Add bank account
                    </Anchor>
                  )}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={withdraw.isPending}>
                Cancel
              </Button>
              <Button onClick={confirm} loading={withdraw.isPending} disabled={tooHigh}>
                Withdraw {formatUsd(cents ?? balance.available_cents)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * Where withdrawals go. On the built-in provider: a US bank account (routing and account numbers). With Stripe:
 * Stripe Connect collects the bank details on its own page, so only the name is asked here.
 */
function PayoutAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const save = useSetPayoutAccount();
  const stripe = usePaymentsConfig().data?.provider === 'stripe';
  const form = useForm({
    initialValues: { holder_name: '', routing_number: '', account_number: '' },
    validate: {
      holder_name: (v) => (v.trim() ? null : API_MESSAGE.holderNameRequired),
      routing_number: (v) =>
        stripe || /^\d{9}$/.test(v.replace(/\s/g, '')) ? null : API_MESSAGE.routingNumberInvalid,
      account_number: (v) =>
        stripe || /^\d{4,17}$/.test(v.replace(/\s/g, '')) ? null : API_MESSAGE.accountNumberInvalid,
    },
  });
  const close = () => {
    save.reset();
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const account = await save.mutateAsync(stripe ? { holder_name: values.holder_name } : values);
      if (account.onboarding_url) {
        window.location.assign(account.onboarding_url);
        return;
      }
      toast.success('Your payout account is saved.');
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Payout account" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {stripe
              ? 'Payouts are made through Stripe: you will add your bank details on Stripe’s secure page.'
              : 'Withdrawals are paid to this US bank account. Only the bank’s name and the last 4 digits are kept.'}
          </Text>
          <TextInput
            label="Name on the account"
            autoComplete="name"
            required
            {...form.getInputProps('holder_name')}
          />
          {!stripe && (
            <>
              <TextInput
                label="Routing number"
                inputMode="numeric"
                placeholder="110000000"
                required
                {...form.getInputProps('routing_number')}
              />
              <TextInput
                label="Account number"
                inputMode="numeric"
                placeholder="000123456789"
                required
                {...form.getInputProps('account_number')}
              />
            </>
          )}
          {save.error && !(save.error instanceof ApiError && save.error.fields) && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              rightSection={stripe ? <IconExternalLink size={16} aria-hidden /> : undefined}
            >
              {stripe ? 'Continue with Stripe' : 'Save account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
