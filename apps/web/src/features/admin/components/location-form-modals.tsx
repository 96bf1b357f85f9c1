import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AdminCountry,
  type AdminState,
  createCountryBody,
  createStateBody,
} from '@reach/contract/admin-reference';
import { DEFAULT_LOCATION } from '@reach/contract/constants';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCountryOptions } from '../api/list-countries';
import { useSaveCountry } from '../api/save-country';
import { useSaveState } from '../api/save-state';

const LOCATION_ID_HELP =
  "The discovery provider's location id for this place (United States is 148838). It cannot change later.";

type StateValues = { id: number | string; country_id: string; name: string; code: string };

const validateState = schemaResolver(createStateBody, { sync: true });
const toNumbers = (values: StateValues) => ({
  ...values,
  id: values.id === '' ? undefined : Number(values.id),
  country_id: Number(values.country_id),
});

/** Adds a state (no `state`) or edits one; the location id is chosen once and then shown read-only. */
export function StateFormModal({
  opened,
  state,
  onClose,
}: {
  opened: boolean;
  state: AdminState | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={state ? 'Edit state' : 'Add state'} centered>
      {opened && <StateForm state={state} onDone={onClose} />}
    </Modal>
  );
}

function StateForm({ state, onDone }: { state: AdminState | null; onDone: () => void }) {
  const save = useSaveState();
  const countries = useCountryOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StateValues>({
    initialValues: {
      id: state?.id ?? '',
      country_id: String(state?.country_id ?? DEFAULT_LOCATION.id),
      name: state?.name ?? '',
      code: state?.code ?? '',
    },
    // The inputs hold the location id and the country as text until submitted; check them as numbers.
    validate: (values) => validateState(toNumbers(values)),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const body = createStateBody.parse(toNumbers(values));
          const saved = await save.mutateAsync({ ...body, mode: state ? 'update' : 'create' });
          toast.success(state ? `State “${saved.name}” saved.` : `State “${saved.name}” added.`);
          onDone();
        } catch (error) {
          setFailure(applyApiError(form, error));
        }
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <NumberInput
          label="Location id"
          description={LOCATION_ID_HELP}
          required
          disabled={!!state}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus={!state || undefined}
          {...form.getInputProps('id')}
        />
        <Select
          label="Country"
          required
          searchable
          data={countries.data ?? []}
          nothingFoundMessage="No country matches that"
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('country_id')}
        />
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
        <TextInput
          label="Code"
          description="The postal abbreviation, e.g. CA."
          required
          maxLength={10}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {state ? 'Save' : 'Add state'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CountryValues = { id: number | string; name: string; code: string };

const validateCountry = schemaResolver(createCountryBody, { sync: true });

/** Adds a country (no `country`) or edits one; the location id is chosen once and then shown read-only. */
export function CountryFormModal({
  opened,
  country,
  onClose,
}: {
  opened: boolean;
  country: AdminCountry | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={country ? 'Edit country' : 'Add country'} centered>
      {opened && <CountryForm country={country} onDone={onClose} />}
    </Modal>
  );
}

function CountryForm({ country, onDone }: { country: AdminCountry | null; onDone: () => void }) {
  const save = useSaveCountry();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CountryValues>({
    initialValues: { id: country?.id ?? '', name: country?.name ?? '', code: country?.code ?? '' },
    validate: (values) =>
      validateCountry({ ...values, id: values.id === '' ? undefined : Number(values.id) }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const body = createCountryBody.parse({ ...values, id: Number(values.id) });
          const saved = await save.mutateAsync({ ...body, mode: country ? 'update' : 'create' });
          toast.success(country ? `Country “${saved.name}” saved.` : `Country “${saved.name}” added.`);
          onDone();
        } catch (error) {
          setFailure(applyApiError(form, error));
        }
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <NumberInput
          label="Location id"
          description={LOCATION_ID_HELP}
          required
          disabled={!!country}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus={!country || undefined}
          {...form.getInputProps('id')}
        />
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
        <TextInput
          label="Code"
          description="ISO 3166-1 two-letter code, e.g. US."
          required
          maxLength={2}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {country ? 'Save' : 'Add country'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
