import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type SignUpBody, signUpBody } from '@reach/contract/auth';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_UP_TYPES,
  type SignUpType,
} from '@reach/contract/constants';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { useLogout, useSession } from '../../../lib/session/session';
import { useInvitePreview } from '../api/preview-invite';
import { useSignUp } from '../api/sign-up';
import { AuthHeading } from '../components/auth-heading';
import { SocialButtons } from '../components/social-buttons';
import { UserTypePicker } from '../components/user-type-picker';
import { rememberSignUp } from '../sign-up-handoff';

const TYPE_LABEL: Record<SignUpType, string> = { business: 'a business', influencer: 'an influencer' };

function parseType(value: string | null): SignUpType | null {
  return SIGN_UP_TYPES.find((type) => type === value) ?? null;
}

export default function RegisterRoute() {
  const [params, setParams] = useSearchParams();
  // The chosen type lives in the URL (?type=), so Back returns to the choice and links can preselect it.
  const type = parseType(params.get('type'));
  const choose = (next: SignUpType | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('type', next);
      else updated.delete('type');
      return updated;
    });

  return (
    <Stack gap="lg">
      <AuthHeading
        title="Create your REACH account"
        description={type ? `Signing up as ${TYPE_LABEL[type]}.` : 'How will you use REACH?'}
      />
      <SessionLoadFailure />
      <InviteNotice invite={params.get('invite')} />
      {type ? (
        <SignUpForm key={type} type={type} invite={params.get('invite')} onChangeType={() => choose(null)} />
      ) : (
        <UserTypePicker onChoose={choose} />
      )}
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/auth/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}

function SignUpForm({
  type,
  invite,
  onChangeType,
}: {
  type: SignUpType;
  invite: string | null;
  onChangeType: () => void;
}) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignUpBody>({
    initialValues: {
      given_name: '',
      family_name: '',
      email: '',
      password: '',
      type,
      invite: invite ?? undefined,
    },
    validate: schemaResolver(signUpBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = signUpBody.parse(values);
      // The same answer whether or not the address already has an account: the confirm page says both cases
      // (so no toast repeating it).
      await signUp.mutateAsync(body);
      rememberSignUp(body.email, body.password);
      await navigate(`/auth/confirm?${new URLSearchParams({ email: body.email })}`, {
        state: { fromSignUp: true },
      });
    } catch (error) {
      setFailure(applyApiError(form, error));
    }
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && <FormAlert>{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Given name"
              autoComplete="given-name"
              required
              {...form.getInputProps('given_name')}
            />
            <TextInput
              label="Family name"
              autoComplete="family-name"
              required
              {...form.getInputProps('family_name')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Create account
          </Button>
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={onChangeType}>
              Not {TYPE_LABEL[type]}? Change
            </Button>
          </Group>
        </Stack>
      </form>
      <SocialButtons type={type} />
    </Stack>
  );
}

/** Spec §5: a signed-in person whose user could not be loaded is sent here; say so and offer to sign out. */
function SessionLoadFailure() {
  const session = useSession();
  const logout = useLogout();
  if (session.status !== 'failed') return null;
  return (
    <Alert color="yellow" variant="light" role="alert" title="We could not load your account">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{session.error.message}</Text>
        <Button size="xs" variant="light" color="yellow" onClick={logout}>
          Sign out
        </Button>
      </Stack>
    </Alert>
  );
}

/** Someone who came with an invite link sees who invites them to what, or that the link no longer works. */
function InviteNotice({ invite }: { invite: string | null }) {
  const preview = useInvitePreview(invite);
  if (!invite || preview.isPending) return null;
  if (preview.error)
    return (
      <Alert color="yellow" variant="light" title="This invite link no longer works">
        You can still create your account; ask the business for a new link to be invited to their campaign.
      </Alert>
    );
  return (
    <Alert color="teal" variant="light" title="You are invited">
      {preview.data?.business_name ?? 'A business'} invited you to their campaign "
      {preview.data?.campaign_title ?? 'a campaign'}". Sign up as an influencer to see it.
    </Alert>
  );
}
