import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailBody } from '@reach/contract/auth';
import type { EmailBody } from '@reach/contract/auth-types';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';

export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailBody>({
    initialValues: { email: params.get('email') ?? '' },
    validate: schemaResolver(emailBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = emailBody.parse(values);
      const { message } = await forgotPassword.mutateAsync(body);
      toast.success(message);
      await navigate(`/auth/reset-password?${new URLSearchParams({ email: body.email })}`);
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading
        title="Forgot your password?"
        description="Enter the email address of your account and we will send you a code to reset your password."
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
          <Button type="submit" loading={form.submitting} fullWidth>
            Send reset code
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have a code?{' '}
        <Anchor
          component={Link}
          to={`/auth/reset-password?${new URLSearchParams({ email: form.values.email })}`}
        >
          Reset your password
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/auth/login">
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
