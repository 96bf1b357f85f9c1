import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminDiscoveryMember } from '@reach/contract/discovery';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconAt, IconBrandInstagram, IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useAdminLookup } from '../api/get-report';
import { MemberBadge } from '../components/member-badge';
import { ReportView } from '../components/report-view';

/** Instagram's rule for usernames: letters, digits, dots and underscores, at most 30 characters. */
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/**
 * /admin/instagram-search: look an Instagram username up — the REACH member whose profile names it (with a
 * link to their user in Users) and the discovery provider's report; a member the index does not know is
 * still found.
 */
export default function AdminInstagramSearchRoute() {
  const [params, setParams] = useSearchParams();
  const username = params.get('username')?.trim() || null;
  const [text, setText] = useState(username ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useAdminLookup(username);

  const submit = () => {
    const value = text.trim().replace(/^@+/, '');
    if (!USERNAME.test(value)) {
      setProblem(
        'Enter an Instagram username: letters, digits, dots and underscores, at most 30 characters.',
      );
      return;
    }
    setProblem(null);
    setParams({ username: value });
  };

  return (
    <>
      <PageHeader
        title={SPEC_TEXT.instagramSearch}
        description="Look up an Instagram username: the REACH creator with that handle, and the profile's full report from the discovery provider."
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mb="lg" maw={640}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              label="Instagram username"
              placeholder="username"
              leftSection={<IconAt size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={problem}
              maxLength={31}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconSearch size={16} aria-hidden />}
              loading={lookup.isFetching}
            >
              Look up
            </Button>
          </Group>
        </form>
      </Paper>
      {!username && (
        <EmptyState
          icon={<IconBrandInstagram size={28} aria-hidden />}
          title="Look up a profile"
          description="Enter a username to see the profile's followers, engagement, audience and recent posts."
          py="xl"
        />
      )}
      {username && lookup.isPending && (
        <Stack gap="md" aria-busy="true" aria-label="Looking up the profile" maw={900}>
          <Skeleton h={90} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      )}
      {lookup.error && (
        <Alert color="red" variant="light" role="alert" title={`We could not look up @${username}`} maw={900}>
          {errorMessage(lookup.error)}
        </Alert>
      )}
      {lookup.data && (
        <Stack gap="lg" maw={900}>
          {lookup.data.member && <MemberPanel member={lookup.data.member} />}
          {lookup.data.report ? (
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
              <ReportView report={lookup.data.report} member={!!lookup.data.member} />
            </Paper>
          ) : (
            <Alert color="gray" variant="light" title="No discovery report">
              The discovery provider has no profile for @{username}: the figures will show once it does.
            </Alert>
          )}
        </Stack>
      )}
    </>
  );
}

/** The member with this handle: who they are on REACH, and a link to their user in Users. */
function MemberPanel({ member }: { member: AdminDiscoveryMember }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label="REACH member">
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <IconUser size={18} aria-hidden />
            <Title order={2} fz="md">
              {member.name}
            </Title>
            <MemberBadge size="sm" />
          </Group>
          <Anchor component={Link} to={`/admin/users?user=${member.user_id}`} size="sm">
            Open in Users
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          @{member.username} · {member.email} · joined {formatDate(member.joined_at)}
          {member.status === 'suspended' ? ' · suspended' : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
