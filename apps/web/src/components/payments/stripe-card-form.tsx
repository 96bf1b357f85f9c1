import { Alert, Button, Checkbox, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import type { PaymentMethod } from '@reach/contract/payments';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { useAddPaymentMethod } from '../../lib/payments/add-payment-method';

type Props = {
  publishableKey: string;
  canChooseDefault: boolean;
  onSaved: (card: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
};

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per key, and only when a card form is opened. */
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

/** The card typed into Stripe Elements; Stripe.js turns it into a PaymentMethod id that the API attaches. */
export default function StripeCardForm(props: Props) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <Form {...props} />
    </Elements>
  );
}

function Form({ canChooseDefault, onSaved, onCancel, submitLabel = 'Save card' }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const add = useAddPaymentMethod();
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setFailure(null);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        ...(name.trim() ? { billing_details: { name: name.trim() } } : {}),
      });
      if (error || !paymentMethod) {
        setFailure(error?.message ?? 'Your card could not be read. Please check it and try again.');
        return;
      }
      onSaved(
        await add.mutateAsync({
          payment_method_id: paymentMethod.id,
          ...(canChooseDefault ? { make_default: makeDefault } : {}),
        }),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label="Card" required>
          <div
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              padding: '10px 12px',
            }}
          >
            <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
          </div>
        </Input.Wrapper>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {canChooseDefault && (
          <Checkbox
            label="Make this my default card"
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          />
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title="Card not saved"
          >
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap={6} c="dimmed">
            <IconLock size={14} aria-hidden />
            <Text size="xs">Secured by Stripe: your card number never reaches REACH.</Text>
          </Group>
          <Group gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={busy} disabled={!stripe}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
