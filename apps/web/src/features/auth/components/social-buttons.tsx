import { Button, Divider, Stack } from '@mantine/core';
import type { SocialProvider } from '@reach/contract/auth';
import type { SignUpType } from '@reach/contract/constants';
import { type Endpoint, endpointPath } from '@reach/contract/endpoint';
import { socialAuthApi } from '@reach/contract/endpoints/auth';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { API_BASE } from '../../../lib/config';
import { useProviders } from '../api/get-providers';

const PROVIDERS: { id: SocialProvider; label: string; icon: typeof IconBrandGoogle; start: Endpoint }[] = [
  { id: 'google', label: 'Google', icon: IconBrandGoogle, start: socialAuthApi.googleStart },
  { id: 'facebook', label: 'Facebook', icon: IconBrandFacebook, start: socialAuthApi.facebookStart },
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
