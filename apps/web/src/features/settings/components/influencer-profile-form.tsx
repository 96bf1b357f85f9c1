import '@mantine/dates/styles.css';
import { Divider, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { DATE_FORMAT, DEFAULT_LOCATION, GENDER_LABELS, GENDERS } from '@reach/contract/constants';
import { updateInfluencerBody } from '@reach/contract/profile';
import type { User } from '@reach/contract/user';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUpdateInfluencer } from '../api/update-profile';
import { focusFirstError } from './focus-first-error';
import { FormActions } from './form-actions';
import { CountrySelect, InterestsSelect, StateSelect } from './reference-selects';
import { SettingsCard } from './settings-card';

dayjs.extend(customParseFormat);

type InfluencerValues = {
  first_name: string;
  last_name: string;
  phone_number: string;
  birthdate: string | null;
  gender: string | null;
  address_1: string;
  address_2: string;
  city: string;
  state_id: string | null;
  postal_code: string;
  country_id: string | null;
  tags: string[];
  bio: string;
  website: string;
  instagram_username: string;
  tiktok_username: string;
  youtube_username: string;
  facebook_username: string;
  twitter_username: string;
};

/** Spec §5 fields with the requirement label of lib/profile and the message when missing. */
const REQUIRED: { key: keyof InfluencerValues; requirement: string; message: string }[] = [
  { key: 'birthdate', requirement: 'Birthdate', message: 'Birthdate is required.' },
  { key: 'gender', requirement: 'Gender', message: 'Choose a gender.' },
  { key: 'tags', requirement: 'Interests', message: 'Choose at least one interest.' },
  { key: 'address_1', requirement: 'Address', message: 'Street address is required.' },
  { key: 'city', requirement: 'City', message: 'City is required.' },
  { key: 'state_id', requirement: 'State', message: 'Choose a state.' },
  { key: 'postal_code', requirement: 'Postal code', message: 'ZIP code is required.' },
];
const fieldId = (key: keyof InfluencerValues) => `influencer-${key}`;
/** Input id of each spec §5 requirement, for the completeness list's links. */
export const INFLUENCER_FIELD_IDS: Record<string, string> = Object.fromEntries(
  REQUIRED.map((field) => [field.requirement, fieldId(field.key)]),
);
const schemaErrors = schemaResolver(updateInfluencerBody, { sync: true });

const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));
const DATE_INPUT_FORMATS = [DATE_FORMAT, 'M/D/YYYY', 'YYYY-MM-DD'];

/** Typed dates are read as MM/DD/YYYY (also M/D/YYYY and ISO); the value is YYYY-MM-DD. */
function parseBirthdate(input: string): string | null {
  const date = dayjs(input.trim(), DATE_INPUT_FORMATS, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

function initialValues(user: User): InfluencerValues {
  const p = user.influencer;
  const [given = '', ...family] = user.name.split(' ');
  return {
    first_name: p?.first_name ?? given,
    last_name: p?.last_name ?? family.join(' '),
    phone_number: p?.phone_number ?? '',
    birthdate: p?.birthdate ?? null,
    gender: p?.gender ?? null,
    address_1: p?.address_1 ?? '',
    address_2: p?.address_2 ?? '',
    city: p?.city ?? '',
    state_id: p?.state_id ? String(p.state_id) : null,
    postal_code: p?.postal_code ?? '',
    country_id: String(p?.country_id ?? DEFAULT_LOCATION.id),
    tags: (p?.tags ?? []).map((tag) => String(tag.id)),
    bio: p?.bio ?? '',
    website: p?.website ?? '',
    instagram_username: p?.instagram_username ?? '',
    tiktok_username: p?.tiktok_username ?? '',
    youtube_username: p?.youtube_username ?? '',
    facebook_username: p?.facebook_username ?? '',
    twitter_username: p?.twitter_username ?? '',
  };
}

const SOCIALS: { key: keyof InfluencerValues; label: string; icon: ReactNode; placeholder: string }[] = [
  {
    key: 'instagram_username',
    label: 'Instagram',
    icon: <IconBrandInstagram size={16} />,
    placeholder: 'username',
  },
  { key: 'tiktok_username', label: 'TikTok', icon: <IconBrandTiktok size={16} />, placeholder: 'username' },
  { key: 'youtube_username', label: 'YouTube', icon: <IconBrandYoutube size={16} />, placeholder: 'channel' },
  {
    key: 'facebook_username',
    label: 'Facebook',
    icon: <IconBrandFacebook size={16} />,
    placeholder: 'username',
  },
  { key: 'twitter_username', label: 'X (Twitter)', icon: <IconBrandX size={16} />, placeholder: 'username' },
];

/** PUT /my/influencer: personal details, address, interests, bio and social accounts. */
export function InfluencerProfileForm({ user }: { user: User }) {
  const save = useUpdateInfluencer();
  const [failure, setFailure] = useState<string | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const form = useForm<InfluencerValues>({
    initialValues: initialValues(user),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = { ...schemaErrors(values) } as Record<string, ReactNode>;
      for (const field of REQUIRED) {
        const value = values[field.key];
        const empty = value === null || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
        if (!errors[field.key] && empty) errors[field.key] = field.message;
      }
      if (!errors.birthdate && values.birthdate && values.birthdate > today) {
        errors.birthdate = 'The birthdate cannot be in the future.';
      }
      return errors;
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync(updateInfluencerBody.parse(values));
        const next = initialValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toast.success('Your profile was saved.');
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
      title="Influencer profile"
      headingId="influencer-profile-title"
      description="What businesses see about you. Fields marked * are needed to use REACH."
    >
      <form onSubmit={submit} noValidate aria-labelledby="influencer-profile-title">
        <Stack gap="lg">
          {failure && <FormAlert>{failure}</FormAlert>}

          <FormSection title="About you">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id={fieldId('first_name')}
                label="First name"
                description="As businesses see it"
                autoComplete="given-name"
                maxLength={100}
                {...form.getInputProps('first_name')}
              />
              <TextInput
                id={fieldId('last_name')}
                label="Last name"
                description="As businesses see it"
                autoComplete="family-name"
                maxLength={100}
                {...form.getInputProps('last_name')}
              />
              <DateInput
                id={fieldId('birthdate')}
                label="Birthdate"
                placeholder={DATE_FORMAT}
                valueFormat={DATE_FORMAT}
                dateParser={parseBirthdate}
                maxDate={today}
                defaultDate={form.values.birthdate ?? '2000-01-01'}
                defaultLevel={form.values.birthdate ? 'month' : 'decade'}
                autoComplete="bday"
                // The calendar opens below the field's error message, never over it (nor flipped over the ones above).
                popoverProps={{
                  position: 'bottom-start',
                  offset: form.errors.birthdate ? 32 : 8,
                  middlewares: { flip: false, shift: true },
                }}
                required
                {...form.getInputProps('birthdate')}
              />
              <Select
                id={fieldId('gender')}
                label="Gender"
                placeholder="Choose"
                data={GENDER_OPTIONS}
                required
                allowDeselect={false}
                {...form.getInputProps('gender')}
              />
              <TextInput
                id={fieldId('phone_number')}
                label="Phone number"
                placeholder="+1 555 123 4567"
                type="tel"
                autoComplete="tel"
                maxLength={25}
                {...form.getInputProps('phone_number')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Address">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id={fieldId('address_1')}
                label="Street address"
                placeholder="Street and number"
                autoComplete="address-line1"
                required
                maxLength={200}
                {...form.getInputProps('address_1')}
              />
              <TextInput
                id={fieldId('address_2')}
                label="Address line 2"
                placeholder="Apartment, suite, unit (optional)"
                autoComplete="address-line2"
                maxLength={200}
                {...form.getInputProps('address_2')}
              />
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
              <CountrySelect
                id={fieldId('country_id')}
                label="Country"
                allowDeselect={false}
                {...form.getInputProps('country_id')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title="Interests and bio">
            <InterestsSelect
              id={fieldId('tags')}
              label="Interests"
              description="What you create content about. Type to search; choose at least one."
              placeholder={form.values.tags.length ? undefined : 'Search interests'}
              known={user.influencer?.tags ?? []}
              required
              maxValues={20}
              {...form.getInputProps('tags')}
            />
            <Textarea
              id={fieldId('bio')}
              label="Bio"
              description="A few sentences businesses read first."
              autosize
              minRows={3}
              maxRows={8}
              maxLength={1000}
              {...form.getInputProps('bio')}
            />
            <TextInput
              id={fieldId('website')}
              label="Website"
              placeholder="https://"
              type="url"
              autoComplete="url"
              maxLength={500}
              {...form.getInputProps('website')}
            />
          </FormSection>

          <FormSection title="Social accounts" description="Your usernames, without the @.">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {SOCIALS.map((social) => (
                <TextInput
                  key={social.key}
                  id={fieldId(social.key)}
                  label={social.label}
                  placeholder={social.placeholder}
                  leftSection={social.icon}
                  leftSectionProps={{ 'aria-hidden': true }}
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={61}
                  {...form.getInputProps(social.key)}
                />
              ))}
            </SimpleGrid>
          </FormSection>

          <FormActions label="Save profile" submitting={form.submitting} dirty={form.isDirty()} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Divider />
      <Stack gap={2}>
        <Title order={3} fz="md" id={id}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
