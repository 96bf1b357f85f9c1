import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconAt, IconBrandInstagram, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useAdminLookup } from '../api/get-report';
import { ReportView } from '../components/report-view';

/** Instagram's rule for usernames: letters, digits, dots and underscores, at most 30 characters. */
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/** /admin/instagram-search: look an Instagram username up through the discovery provider and read its report. */
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
        description="Look up an Instagram profile by its username and read its full report from the discovery provider."
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
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={900}>
          <ReportView report={lookup.data} />
        </Paper>
      )}
    </>
  );
}
