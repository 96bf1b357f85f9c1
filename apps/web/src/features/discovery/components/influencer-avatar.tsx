import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../utils/format';

/** The influencer's picture; their initials when there is none or it fails to load. */
export function InfluencerAvatar({
  picture,
  name,
  size = 56,
  ...props
}: { picture: string | null | undefined; name: string } & Omit<AvatarProps, 'src' | 'name'>) {
  return (
    <Avatar
      src={picture || null}
      size={size}
      radius="xl"
      color="initials"
      // Mantine derives the colour and the initials from the name; a username's @ is not an initial.
      name={name.replace(/^@/, '')}
      alt=""
      {...props}
    >
      {initials(name.replace(/^@/, ''))}
    </Avatar>
  );
}
