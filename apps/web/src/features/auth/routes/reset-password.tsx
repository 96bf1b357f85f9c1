import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { resetPasswordBody } from '@reach/contract/auth';
import type { ResetPasswordBody } from '@reach/contract/auth-types';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@reach/contract/constants';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { CodeInput } from '../components/code-input';
import { DevMailboxLink } from '../components/dev-mailbox-link';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordBody>({
    initialValues: { email: params.get('email') ?? '', code: '', password: '' },
    validate: schemaResolver(resetPasswordBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = resetPasswordBody.parse(values);
      const { message } = await resetPassword.mutateAsync(body);
      toast.success(message);
      await navigate(`/auth/login?${new URLSearchParams({ email: body.email })}`, { replace: true });
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading
        title="Reset your password"
        description="Enter the 6-digit code we emailed you and choose a new password."
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <FormAlert>{failure}</FormAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <CodeInput
            label="Reset code"
            value={form.values.code}
            onChange={(code) => form.setFieldValue('code', code)}
            error={form.errors.code}
          />
          <PasswordInput
            label="New password"
            description={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
      <DevMailboxLink />
      <Text size="sm" ta="center">
        No code?{' '}
        <Anchor
          component={Link}
          to={`/auth/forgot-password?${new URLSearchParams({ email: form.values.email })}`}
        >
          Send a new one
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/auth/login">
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
