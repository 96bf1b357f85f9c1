import { Center, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UserType } from '@reach/contract/constants';
import { updateUserBody } from '@reach/contract/profile';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { refreshSession } from '../../../lib/session/refresh';
import { readTokenClaims } from '../../../lib/session/token-claims';
import { getAccessToken, subscribe } from '../../../lib/session/token-store';
import { toast } from '../../../lib/toast';
import { type UpdateNamesBody, useUpdateNames } from '../api/update-profile';
import { FormActions } from './form-actions';
import { SettingsCard } from './settings-card';

/** The signed-in person's own names, read from the access token's claims (spec §3). */
function useNameClaims(): UpdateNamesBody | null {
  const token = useSyncExternalStore(subscribe, getAccessToken);
  const claims = readTokenClaims(token);
  useEffect(() => {
    // An expired access token is renewed by the api client on the next call; here nothing calls, so renew it.
    if (!token) void refreshSession().catch(() => undefined);
  }, [token]);
  if (!claims) return null;
  return { given_name: claims.given_name ?? '', family_name: claims.family_name ?? '' };
}

/** PUT /my/user: given and family name. */
export function NamesCard({ type }: { type: UserType }) {
  const names = useNameClaims();
  return (
    <SettingsCard
      title="Your name"
      headingId="names-title"
      description={
        type === 'business'
          ? 'Your own name, used when REACH writes to you. Your business name is part of the business profile below.'
          : 'The name on your REACH account, used when REACH writes to you.'
      }
    >
      {names ? (
        <NamesForm initial={names} />
      ) : (
        <Center py="md">
          <Loader size="sm" aria-label="Loading your name" />
        </Center>
      )}
    </SettingsCard>
  );
}

function NamesForm({ initial }: { initial: UpdateNamesBody }) {
  const save = useUpdateNames();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UpdateNamesBody>({
    initialValues: initial,
    validate: schemaResolver(updateUserBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = updateUserBody.parse(values);
      await save.mutateAsync(body);
      form.setInitialValues(body);
      form.setValues(body);
      form.resetDirty(body);
      toast.success('Your name was saved.');
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="names-title">
      <Stack gap="md">
        {failure && <FormAlert>{failure}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Given name"
            autoComplete="given-name"
            required
            maxLength={100}
            {...form.getInputProps('given_name')}
          />
          <TextInput
            label="Family name"
            autoComplete="family-name"
            required
            maxLength={100}
            {...form.getInputProps('family_name')}
          />
        </SimpleGrid>
        <FormActions label="Save name" submitting={form.submitting} dirty={form.isDirty()} />
      </Stack>
    </form>
  );
}
