import { Alert, Anchor, Stack } from '@mantine/core';
import { API_MESSAGE } from '@reach/contract/messages';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { signIn } from '../../../lib/session/session';
import { acceptInvite } from '../api/accept-invite';
import { AuthHeading } from '../components/auth-heading';

/** The tokens the API puts in the fragment after a social sign-in (never sent to a server by the browser). */
function readFragmentTokens(hash: string) {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  const expiresIn = Number(fragment.get('expires_in'));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: expiresIn,
    token_type: 'Bearer' as const,
  };
}

/** /auth/callback#access_token=…&refresh_token=…&expires_in=… — end of a Google or Facebook sign-in. */
export default function AuthCallbackRoute() {
  const navigate = useNavigate();
  const [tokens] = useState(() => readFragmentTokens(window.location.hash));

  useEffect(() => {
    if (!tokens) return;
    signIn(tokens);
    // An influencer who signed up from an invite link gets the invitation now (already invited: nothing to do).
    const invite = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('invite');
    const done = invite ? acceptInvite(invite).catch(() => undefined) : Promise.resolve();
    // Replacing the entry drops the tokens from the address bar and the history.
    void done.then(() => navigate('/', { replace: true }));
  }, [tokens, navigate]);

  if (tokens) return <PageLoader />;
  return (
    <Stack gap="lg">
      <AuthHeading title="Sign-in failed" />
      <Alert color="red" variant="light" role="alert">
        {API_MESSAGE.socialFailed}
      </Alert>
      <Anchor component={Link} to="/auth/login" ta="center">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
