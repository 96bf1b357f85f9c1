import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUserDetail } from '@reach/contract/admin-users';
import { IconCoins, IconPlayerPlay, IconUserOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { MOBILE_QUERY } from '../../../lib/media';
import { useUser } from '../api/get-user';
import type { StatusAction } from '../api/set-user-status';
import { auditLabel } from '../utils/labels';
import { GrantCreditsModal, StatusModal } from './user-action-modals';
import { SubscriptionCell, UserStatusBadge, UserTypeBadge } from './user-badges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === false || children === '' ? (
          <Text span c="dimmed">
            —
          </Text>
        ) : (
          children
        )}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The account drawer of /admin/users: who they are, their plan or profile, history, and the admin actions. */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const { data: user, error, isPending } = useUser(userId);
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'lg'}
      title={<Text fw={700}>Account</Text>}
    >
      {isPending && userId !== null && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the account" />
        </Center>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {user && <UserDetail user={user} />}
    </Drawer>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const [statusAction, setStatusAction] = useState<StatusAction | null>(null);
  const [granting, setGranting] = useState(false);
  const signIn = user.external
    ? user.username.includes('google')
      ? 'Google'
      : 'Facebook'
    : 'Email and password';
  const personName = `${user.given_name} ${user.family_name}`.trim();

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={user.avatar_url} name={user.name} color="initials" radius="xl" size={56} alt="" />
        <Stack gap={6} miw={0}>
          <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap={6}>
            <UserTypeBadge type={user.type} />
            <UserStatusBadge status={user.status} />
            {!user.email_confirmed && (
              <Badge color="yellow" variant="light">
                Email not confirmed
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>

      {(user.abilities.suspend || user.abilities.reactivate || user.abilities.grant_credits) && (
        <Group gap="sm">
          {user.abilities.grant_credits && (
            <Button
              variant="default"
              leftSection={<IconCoins size={16} aria-hidden />}
              onClick={() => setGranting(true)}
            >
              Grant credits
            </Button>
          )}
          {user.abilities.suspend && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconUserOff size={16} aria-hidden />}
              onClick={() => setStatusAction('suspend')}
            >
              Suspend
            </Button>
          )}
          {user.abilities.reactivate && (
            <Button
              color="teal"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setStatusAction('reactivate')}
            >
              Reactivate
            </Button>
          )}
        </Group>
      )}
      {user.status === 'suspended' && (
        <Alert color="red" variant="light" title="Suspended">
          This account cannot sign in, and its sessions were ended.
        </Alert>
      )}

      <Section title="Account">
        <SimpleGrid cols={2} spacing="md">
          <Fact label="Person">{personName}</Fact>
          <Fact label="Sign-in">{signIn}</Fact>
          <Fact label="Created">{formatDateTime(user.created_at)}</Fact>
          <Fact label="Last sign-in">{user.last_seen_at ? formatDateTime(user.last_seen_at) : 'Never'}</Fact>
          <Fact label="User id">{user.id}</Fact>
          <Fact label="Feedback sent">{user.counts.feedback}</Fact>
        </SimpleGrid>
      </Section>

      {user.business && (
        <>
          <Divider />
          <Section title="Business">
            <SimpleGrid cols={2} spacing="md">
              <Fact label="Business name">{user.business.business_name}</Fact>
              <Fact label="Business type">{user.business.type}</Fact>
              <Fact label="Address">
                {[user.business.address_1, user.business.city, user.business.state, user.business.postal_code]
                  .filter(Boolean)
                  .join(', ')}
              </Fact>
              <Fact label="Website">
                {user.business.website && (
                  <Anchor href={user.business.website} target="_blank" rel="noreferrer" size="sm">
                    {user.business.website.replace(/^https?:\/\//, '')}
                  </Anchor>
                )}
              </Fact>
              <Fact label="Subscription">
                <SubscriptionCell subscription={user.subscription} />
              </Fact>
              <Fact label="Discovery credits">{user.credits.toLocaleString('en-US')}</Fact>
              <Fact label="Campaigns">
                {user.business_id !== null && user.counts.campaigns > 0 ? (
                  <Anchor component={Link} to={`/admin/campaigns?business=${user.business_id}`} size="sm">
                    {user.counts.campaigns} {user.counts.campaigns === 1 ? 'campaign' : 'campaigns'}
                  </Anchor>
                ) : (
                  'None'
                )}
              </Fact>
            </SimpleGrid>
          </Section>
        </>
      )}

      {user.influencer && (
        <>
          <Divider />
          <Section title="Influencer profile">
            <SimpleGrid cols={2} spacing="md">
              <Fact label="Location">
                {[user.influencer.city, user.influencer.state, user.influencer.country]
                  .filter(Boolean)
                  .join(', ')}
              </Fact>
              <Fact label="Instagram">
                {user.influencer.instagram_username && `@${user.influencer.instagram_username}`}
              </Fact>
              <Fact label="TikTok">
                {user.influencer.tiktok_username && `@${user.influencer.tiktok_username}`}
              </Fact>
              <Fact label="YouTube">{user.influencer.youtube_username}</Fact>
            </SimpleGrid>
            <Fact label="Interests">
              {user.influencer.tags.length > 0 && (
                <Group gap={4}>
                  {user.influencer.tags.map((tag) => (
                    <Badge key={tag.id} variant="light" size="sm">
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Fact>
          </Section>
        </>
      )}

      <Divider />
      <Section title="Admin history">
        {user.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No admin actions on this account yet.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {user.history.map((entry) => (
              <Timeline.Item key={entry.id} title={auditLabel(entry.action, entry.data)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.created_at)}
                  {entry.actor ? ` by ${entry.actor.name}` : ''}
                </Text>
                {typeof entry.data?.reason === 'string' && entry.data.reason && (
                  <Text size="sm" mt={2}>
                    “{entry.data.reason}”
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Section>

      <StatusModal user={user} action={statusAction} onClose={() => setStatusAction(null)} />
      <GrantCreditsModal user={user} opened={granting} onClose={() => setGranting(false)} />
    </Stack>
  );
}
