import { Button, Divider, Stack } from '@mantine/core';
import type { SocialProvider } from '@reach/contract/auth';
import type { SignUpType } from '@reach/contract/constants';
import { endpointPath } from '@reach/contract/endpoint';
import type { socialAuthApi } from '@reach/contract/endpoints/auth';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import type { EndpointRoute } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/config';
import { useProviders } from '../api/get-providers';

/** The start endpoints by their routes: the endpoints' module evaluates the contract's auth schemas (zod). */
const GOOGLE_START: EndpointRoute<typeof socialAuthApi.googleStart> = {
  method: 'GET',
  path: '/auth/google/start',
  auth: 'public',
};
const FACEBOOK_START: EndpointRoute<typeof socialAuthApi.facebookStart> = {
  method: 'GET',
  path: '/auth/facebook/start',
  auth: 'public',
};

const PROVIDERS: {
  id: SocialProvider;
  label: string;
  icon: typeof IconBrandGoogle;
  start: { path: `/${string}` };
}[] = [
  { id: 'google', label: 'Google', icon: IconBrandGoogle, start: GOOGLE_START },
  { id: 'facebook', label: 'Facebook', icon: IconBrandFacebook, start: FACEBOOK_START },
];

/**
 * "Continue with Google/Facebook" for the providers the server has configured. The browser leaves for the API,
 * which sends it on to the provider and back to /auth/callback. `type` is needed only to sign up.
 */
export function SocialButtons({ type }: { type?: SignUpType }) {
  const providers = useProviders();
  const available = PROVIDERS.filter((provider) => providers[provider.id]);
  if (available.length === 0) return null;
  const query = type ? `?${new URLSearchParams({ type })}` : '';
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {available.map(({ id, label, icon: Icon, start }) => (
        <Button
          key={id}
          component="a"
          href={`${API_BASE}${endpointPath(start)}${query}`}
          variant="default"
          fullWidth
          leftSection={<Icon size={18} aria-hidden />}
        >
          Continue with {label}
        </Button>
      ))}
    </Stack>
  );
}
