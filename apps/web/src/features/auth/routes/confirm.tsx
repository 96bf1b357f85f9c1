import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { confirmBody, emailBody } from '@reach/contract/auth';
import type { ConfirmBody } from '@reach/contract/auth-types';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { signIn } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../api/confirm';
import { useResendCode } from '../api/resend-code';
import { AuthHeading } from '../components/auth-heading';
import { CodeInput } from '../components/code-input';
import { DevMailboxLink } from '../components/dev-mailbox-link';
import { forgetSignUp, signUpPassword } from '../sign-up-handoff';

export default function ConfirmRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromSignUp = (useLocation().state as { fromSignUp?: boolean } | null)?.fromSignUp === true;
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
      const { message, tokens } = await confirm.mutateAsync({
        ...body,
        password: signUpPassword(body.email),
      });
      forgetSignUp();
      toast.success(message);
      if (tokens) {
        // Confirmed right after signing up in this tab: signed in, on to the dashboard.
        signIn(tokens);
        await navigate('/', { replace: true });
      } else {
        await navigate(`/auth/login?${new URLSearchParams({ email: body.email })}`, { replace: true });
      }
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  const resendCode = async () => {
    setFailure(null);
    if (form.validateField('email').hasError) return;
    try {
      const { message } = await resend.mutateAsync(emailBody.parse({ email: form.values.email }));
      toast.success(message);
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  };

  return (
    <Stack gap="lg">
      <AuthHeading
        title="Confirm your email"
        description={
          fromSignUp
            ? `We sent a message to ${form.values.email || 'your email address'}. Enter the 6-digit code from it to activate your account.`
            : 'We emailed you a 6-digit code. Enter it below to activate your account.'
        }
      />
      {fromSignUp && (
        <Text size="sm" c="dimmed">
          Already have an account with this address? Then the message has no code: it tells you how to sign in
          or reset your password instead.
        </Text>
      )}
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
