import { Alert, Group, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordBody } from '@reach/contract/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@reach/contract/constants';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-error';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { FormActions } from '../components/form-actions';
import { SettingsCard } from '../components/settings-card';
import { SettingsPageGate } from '../components/settings-page-gate';
import { passwordStrength } from '../utils/password-strength';

type PasswordValues = { old_password: string; new_password: string; confirm_password: string };

const EMPTY: PasswordValues = { old_password: '', new_password: '', confirm_password: '' };
const schemaErrors = schemaResolver(changePasswordBody, { sync: true });

/** /{type}/settings/security — change password (hidden for external accounts, spec §6). */
export default function SecurityRoute() {
  return (
    <SettingsPageGate page="security">
      <PageHeader title="Security" description="Change the password you sign in with." />
      <ChangePasswordCard />
    </SettingsPageGate>
  );
}

function ChangePasswordCard() {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = { ...schemaErrors(values) } as Record<string, string>;
      if (!values.confirm_password) errors.confirm_password = 'Please repeat the new password.';
      else if (values.confirm_password !== values.new_password)
        errors.confirm_password = 'The passwords do not match.';
      if (!errors.new_password && values.new_password && values.new_password === values.old_password)
        errors.new_password = 'The new password must be different from the current one.';
      return errors;
    },
  });
  const strength = passwordStrength(form.values.new_password);

  const submit = form.onSubmit(async ({ old_password, new_password }) => {
    setFailure(null);
    setSuccess(null);
    try {
      const { message } = await change.mutateAsync({ old_password, new_password });
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      form.resetTouched();
      setSuccess(message);
      toast.success(message);
    } catch (error) {
      const message = applyApiError(form, error);
      // A refusal about one field shows under that field; anything else above the form.
      const onField = error instanceof ApiError && Object.keys(error.fields ?? {}).length > 0;
      setFailure(onField ? null : message);
    }
  });

  return (
    <SettingsCard
      title="Change password"
      headingId="change-password-title"
      description="After the change, your other signed-in devices are signed out; this one stays signed in."
    >
      <form onSubmit={submit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md" maw={480}>
          {success && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              role="status"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setSuccess(null)}
            >
              {success}
            </Alert>
          )}
          {failure && <FormAlert>{failure}</FormAlert>}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('old_password')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="New password"
              description={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`}
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <Stack gap={4} id="password-strength" aria-live="polite">
              <Progress
                value={(strength.score / 4) * 100}
                color={strength.color}
                size="sm"
                aria-label={`Password strength: ${strength.label || 'none'}`}
              />
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {strength.hint}
                </Text>
                {strength.label && (
                  <Text size="xs" fw={600} c={`${strength.color}.8`} style={{ flexShrink: 0 }}>
                    {strength.label}
                  </Text>
                )}
              </Group>
            </Stack>
          </Stack>
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
          />
          <FormActions label="Change password" submitting={form.submitting} dirty={false} />
        </Stack>
      </form>
    </SettingsCard>
  );
}
