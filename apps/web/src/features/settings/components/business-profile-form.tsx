import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updateBusinessBody } from '@reach/contract/profile';
import type { User } from '@reach/contract/user';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUpdateBusiness } from '../api/update-profile';
import { focusFirstError } from './focus-first-error';
import { FormActions } from './form-actions';
import { StateSelect } from './reference-selects';
import { SettingsCard } from './settings-card';

export const BUSINESS_TYPES = [
  'Brand',
  'Agency',
  'Retailer',
  'E-commerce',
  'Restaurant / Hospitality',
  'Local business',
  'Nonprofit',
  'Other',
] as const;

type BusinessValues = {
  type: string | null;
  business_name: string;
  address_1: string;
  city: string;
  state_id: string | null;
  postal_code: string;
  website: string;
  description: string;
};

/** Spec §5 fields, each with its input's id (the completeness list focuses them) and its required message. */
const REQUIRED: { key: keyof BusinessValues; requirement: string; message: string }[] = [
  { key: 'type', requirement: 'Business type', message: 'Choose your business type.' },
  { key: 'business_name', requirement: 'Business name', message: 'Business name is required.' },
  { key: 'address_1', requirement: 'Address', message: 'Street address is required.' },
  { key: 'city', requirement: 'City', message: 'City is required.' },
  { key: 'state_id', requirement: 'State', message: 'Choose a state.' },
  { key: 'postal_code', requirement: 'Postal code', message: 'ZIP code is required.' },
];
const fieldId = (key: keyof BusinessValues) => `business-${key}`;
/** Input id of each spec §5 requirement, for the completeness list's links. */
export const BUSINESS_FIELD_IDS: Record<string, string> = Object.fromEntries(
  REQUIRED.map((field) => [field.requirement, fieldId(field.key)]),
);
const schemaErrors = schemaResolver(updateBusinessBody, { sync: true });

function initialValues(user: User): BusinessValues {
  const business = user.business;
  return {
    type: business?.type ?? null,
    business_name: business?.business_name ?? '',
    address_1: business?.address_1 ?? '',
    city: business?.city ?? '',
    state_id: business?.state_id ? String(business.state_id) : null,
    postal_code: business?.postal_code ?? '',
    website: business?.website ?? '',
    description: business?.description ?? '',
  };
}

/** PUT /my/business: type, name, address, website and description. */
export function BusinessProfileForm({ user }: { user: User }) {
  const save = useUpdateBusiness();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BusinessValues>({
    initialValues: initialValues(user),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors: Record<string, string> = { ...schemaErrors(values) } as Record<string, string>;
      for (const field of REQUIRED) {
        const value = values[field.key];
        if (!errors[field.key] && (value === null || value.trim() === '')) errors[field.key] = field.message;
      }
      return errors;
    },
  });
  // A type saved before the current options (or typed elsewhere) stays selectable.
  const types = [...new Set([...BUSINESS_TYPES, ...(form.values.type ? [form.values.type] : [])])];

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync(updateBusinessBody.parse(values));
        const next = initialValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toast.success('Your business profile was saved.');
      } catch (error) {
        setFailure(applyApiError(form, error));
      }
    },
    (errors) => {
      setFailure('Some fields need your attention. Please check the messages below them.');
      focusFirstError(errors, fieldId);
    },
  );

  return (
    <SettingsCard
      title="Business profile"
      headingId="business-profile-title"
      description="What influencers see about your business. Fields marked * are needed to use campaigns and discovery."
    >
      <form onSubmit={submit} noValidate aria-labelledby="business-profile-title">
        <Stack gap="md">
          {failure && <FormAlert>{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              id={fieldId('type')}
              label="Business type"
              placeholder="Choose a type"
              data={types}
              required
              allowDeselect={false}
              {...form.getInputProps('type')}
            />
            <TextInput
              id={fieldId('business_name')}
              label="Business name"
              autoComplete="organization"
              required
              maxLength={200}
              {...form.getInputProps('business_name')}
            />
          </SimpleGrid>
          <TextInput
            id={fieldId('address_1')}
            label="Street address"
            placeholder="Street and number"
            autoComplete="address-line1"
            required
            maxLength={200}
            {...form.getInputProps('address_1')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              id={fieldId('city')}
              label="City"
              autoComplete="address-level2"
              required
              maxLength={100}
              {...form.getInputProps('city')}
            />
            <StateSelect
              id={fieldId('state_id')}
              label="State"
              required
              {...form.getInputProps('state_id')}
            />
            <TextInput
              id={fieldId('postal_code')}
              label="ZIP code"
              placeholder="12345"
              autoComplete="postal-code"
              inputMode="numeric"
              required
              maxLength={10}
              {...form.getInputProps('postal_code')}
            />
          </SimpleGrid>
          <TextInput
            id={fieldId('website')}
            label="Website"
            placeholder="https://"
            type="url"
            autoComplete="url"
            maxLength={500}
            {...form.getInputProps('website')}
          />
          <Textarea
            id={fieldId('description')}
            label="Description"
            description="A few sentences about what you do and the creators you like to work with."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            {...form.getInputProps('description')}
          />
          <FormActions label="Save business profile" submitting={form.submitting} dirty={form.isDirty()} />
        </Stack>
      </form>
    </SettingsCard>
  );
}
