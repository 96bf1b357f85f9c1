import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import type { LoginBody } from '@reach/contract/auth-types';
import { API_MESSAGE } from '@reach/contract/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-error';
import { applyApiError } from '../../../lib/form-errors';
import { signIn } from '../../../lib/session/session';
import { useLogin } from '../api/login';
import { AuthHeading } from '../components/auth-heading';
import { SocialButtons } from '../components/social-buttons';

/**
 * The form's schema (the contract's auth module, with zod) loads once the page has rendered, not on the way to it:
 * it was half of the page's scripts (~30 kB gzip) and a task of ~60 ms on a throttled phone before the first paint.
 * A submit waits for it, so the form is checked by the same schema as before.
 */
let checkLogin: ((values: LoginBody) => FormErrors) | null = null;
const loadSchema = () =>
  import('@reach/contract/auth').then(({ loginBody }) => {
    checkLogin ??= schemaResolver(loginBody, { sync: true });
    return loginBody;
  });

export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<{ message: string; notConfirmed: boolean } | null>(null);
  const form = useForm<LoginBody>({
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: (values) => checkLogin?.(values) ?? {},
  });
  useEffect(() => {
    void loadSchema();
  }, []);
  // Social sign-in that failed comes back as /auth/login?error=<message>.
  const socialError = params.get('error');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const loginBody = await loadSchema();
    form.onSubmit(async (values) => {
      setFailure(null);
      try {
        signIn(await login.mutateAsync(loginBody.parse(values)));
        await navigate('/', { replace: true });
      } catch (error) {
        const notConfirmed = error instanceof ApiError && error.message === API_MESSAGE.notConfirmed;
        setFailure({ message: applyApiError(form, error), notConfirmed });
      }
    })();
  };

  const confirmLink = `/auth/confirm?${new URLSearchParams({ email: form.values.email.trim() })}`;

  return (
    <Stack gap="lg">
      <AuthHeading title="Sign in to REACH" description="Welcome back. Sign in to continue." />
      {socialError && (
        <Alert color="red" variant="light" role="alert">
          {socialError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <FormAlert
              action={
                failure.notConfirmed && (
                  <Button component={Link} to={confirmLink} size="xs" variant="light" color="red" mt="sm">
                    Confirm my email
                  </Button>
                )
              }
            >
              {failure.message}
            </FormAlert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <SocialButtons />
      <Text size="sm" ta="center">
        New to REACH?{' '}
        <Anchor component={Link} to="/auth/register">
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
