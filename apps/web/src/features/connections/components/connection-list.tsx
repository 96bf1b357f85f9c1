import { Box, Loader, Stack, Text } from '@mantine/core';
import type { ConnectionCard } from '@reach/contract/connections';
import { SPEC_TEXT } from '@reach/contract/messages';
import { UserCard } from '../../../components/user-card';
import { useLatestConnections } from '../api/get-latest-connections';

/** Spec §3: a card opens the influencer's page (business side) or the business's page (influencer side). */
function cardLink(type: 'business' | 'influencer', card: ConnectionCard): string {
  return type === 'business'
    ? `/business/influencers/${card.influencer_id ?? card.id}`
    : `/influencer/businesses/${card.id}`;
}

/**
 * The sidebar's connection list of spec §2: 'Followed Influencers' for businesses, 'Connected Businesses' for
 * influencers, with the empty text when there are none.
 */
export function ConnectionList({
  type,
  onNavigate,
}: {
  type: 'business' | 'influencer';
  onNavigate?: () => void;
}) {
  const { data, isPending } = useLatestConnections();
  const title = type === 'business' ? SPEC_TEXT.followedInfluencers : SPEC_TEXT.connectedBusinesses;
  const titleId = `connections-${type}`;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Text id={titleId} size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5} px={8} mb={6}>
        {title}
      </Text>
      {isPending ? (
        <Loader size="xs" mx={8} aria-label={`Loading ${title}`} />
      ) : data && data.length > 0 ? (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.map((card) => (
            <li key={card.id}>
              <UserCard
                to={cardLink(type, card)}
                name={card.business_name || card.name || 'Unnamed'}
                avatar={card.avatar}
                avatarType={card.avatarType}
                onClick={onNavigate}
              />
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" px={8}>
          {SPEC_TEXT.noConnections}
        </Text>
      )}
    </Box>
  );
}
