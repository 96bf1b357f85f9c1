import type { Connection } from '@reach/contract/connections';
import { storageUrl } from '../../../lib/config';

export type Side = 'business' | 'influencer';

/** The other side of a connection for the viewer: its name, avatar and profile page. */
export function counterpart(connection: Connection, viewer: Side) {
  if (viewer === 'business') {
    const i = connection.influencer;
    return {
      name: i.name,
      avatar: i.avatarType === 'upload' && i.avatar ? storageUrl(i.avatar) : null,
      to: `/business/influencers/${i.id}`,
      detail: [
        i.instagram_username && `@${i.instagram_username}`,
        [i.city, i.state].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(' · '),
    };
  }
  const b = connection.business;
  return {
    name: b.business_name ?? 'A business',
    avatar: b.avatarType === 'upload' && b.avatar ? storageUrl(b.avatar) : null,
    to: `/influencer/businesses/${b.id}`,
    detail: '',
  };
}

/** Where a connection opens for the viewer. */
export const connectionPath = (viewer: Side, id: number) => `/${viewer}/connections/${id}`;

/** The viewer's campaign page of a connection's campaign. */
export const campaignPath = (viewer: Side, id: number) => `/${viewer}/campaigns/${id}`;
