import { Alert, Button, Checkbox, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_MESSAGE } from '@reach/contract/messages';
import { type PaymentMethod, TEST_CARDS } from '@reach/contract/payments';
import { IconAlertCircle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useAddPaymentMethod } from '../../lib/payments/add-payment-method';
import { usePaymentsConfig } from '../../lib/payments/get-payments-config';
import { brandOfTypedNumber, CardBrandIcon } from './card-brand-icon';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Props = {
  /** Offer "make default" (there are cards already). */
  canChooseDefault: boolean;
  onSaved: (card: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
};

/**
 * Adds a card. With Stripe configured the card is typed into Stripe Elements and tokenised by Stripe.js in the
 * browser (this app never sees the number); otherwise a plain form sends it to the built-in provider, which
 * keeps only the brand, the last 4 digits and the expiry.
 */
export function AddCardForm(props: Props) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Loader size="sm" aria-label="Loading the card form" />;
  if (config.data?.provider === 'stripe' && config.data.publishable_key) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading the secure card form" />}>
        <StripeCardForm publishableKey={config.data.publishable_key} {...props} />
      </Suspense>
    );
  }
  return <PlainCardForm {...props} />;
}

type Values = { number: string; expiry: string; cvc: string; holder_name: string; make_default: boolean };

/** "4242424242424242" → "4242 4242 4242 4242" (American Express: 4-6-5). */
function groupDigits(digits: string): string {
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1", "12", "123" → "1", "12 / ", "12 / 3" as the expiry is typed. */
function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits.length === 2 && !raw.includes('/') ? `${digits} / ` : digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

function parseExpiry(value: string): { month: number; year: number } | null {
  const match = value.replace(/\s/g, '').match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function PlainCardForm({ canChooseDefault, onSaved, onCancel, submitLabel = 'Save card' }: Props) {
  const add = useAddPaymentMethod();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { number: '', expiry: '', cvc: '', holder_name: '', make_default: false },
    validate: {
      number: (v) => (/^\d{12,19}$/.test(v.replace(/\s/g, '')) ? null : API_MESSAGE.cardNumberInvalid),
      expiry: (v) => (parseExpiry(v) ? null : API_MESSAGE.cardExpiryInvalid),
      cvc: (v) => (/^\d{3,4}$/.test(v) ? null : API_MESSAGE.cardCvcInvalid),
    },
  });
  const digits = form.values.number.replace(/\D/g, '');

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const expiry = parseExpiry(values.expiry)!;
    try {
      const card = await add.mutateAsync({
        card: {
          number: values.number.replace(/\s/g, ''),
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: values.cvc,
          ...(values.holder_name.trim() ? { holder_name: values.holder_name.trim() } : {}),
        },
        ...(canChooseDefault ? { make_default: values.make_default } : {}),
      });
      onSaved(card);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields = error.fields;
        form.setErrors({
          number: fields['card.number'],
          expiry: fields['card.exp_month'] ?? fields['card.exp_year'],
          cvc: fields['card.cvc'],
        });
      }
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} p="sm">
          <Text size="sm">
            Test mode: no real money moves. Use <strong>{TEST_CARDS.success}</strong> with any future date and
            any CVC; <strong>{TEST_CARDS.declined}</strong> is always declined.
          </Text>
        </Alert>
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          rightSection={digits ? <CardBrandIcon brand={brandOfTypedNumber(digits)} size={30} /> : null}
          rightSectionWidth={44}
          {...form.getInputProps('number')}
          onChange={(event) =>
            form.setFieldValue(
              'number',
              groupDigits(event.currentTarget.value.replace(/\D/g, '').slice(0, 19)),
            )
          }
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Expiry"
            placeholder="MM / YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            {...form.getInputProps('expiry')}
            onChange={(event) => form.setFieldValue('expiry', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            maxLength={4}
            {...form.getInputProps('cvc')}
            onChange={(event) =>
              form.setFieldValue('cvc', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))
            }
          />
        </SimpleGrid>
        <TextInput label="Name on card" autoComplete="cc-name" {...form.getInputProps('holder_name')} />
        {canChooseDefault && (
          <Checkbox
            label="Make this my default card"
            {...form.getInputProps('make_default', { type: 'checkbox' })}
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
            <Text size="xs">Only the brand, last 4 digits and expiry are kept.</Text>
          </Group>
          <Group gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={add.isPending}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={add.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
