import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { confirmBody, emailBody } from '@reach/contract/auth';
import type { ConfirmBody } from '@reach/contract/auth-types';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyApiError } from '../../../lib/form-errors';
import { useConfirm } from '../api/confirm';
import { useResendCode } from '../api/resend-code';
import { AuthHeading } from '../components/auth-heading';
import { CodeInput } from '../components/code-input';
import { DevMailboxLink } from '../components/dev-mailbox-link';
import { FormAlert } from '../components/form-alert';

export default function ConfirmRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const resend = useResendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConfirmBody>({
    initialValues: { email: params.get('email') ?? '', code: '' },
    validate: schemaResolver(confirmBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = confirmBody.parse(values);
      const { message } = await confirm.mutateAsync(body);
      notifications.show({ color: 'teal', message });
      await navigate(`/auth/login?${new URLSearchParams({ email: body.email })}`, { replace: true });
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  const resendCode = async () => {
    setFailure(null);
    if (form.validateField('email').hasError) return;
    try {
      const { message } = await resend.mutateAsync(emailBody.parse({ email: form.values.email }));
      notifications.show({ color: 'teal', message });
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  };

  return (
    <Stack gap="lg">
      <AuthHeading
        title="Confirm your email"
        description="We emailed you a 6-digit code. Enter it below to activate your account."
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
            value={form.values.code}
            onChange={(code) => form.setFieldValue('code', code)}
            error={form.errors.code}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Confirm email
          </Button>
          <Button variant="subtle" onClick={resendCode} loading={resend.isPending} fullWidth>
            Resend code
          </Button>
        </Stack>
      </form>
      <DevMailboxLink />
      <Text size="sm" ta="center">
        Already confirmed?{' '}
        <Anchor component={Link} to="/auth/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
