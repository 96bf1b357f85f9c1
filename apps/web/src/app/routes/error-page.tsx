import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import { Link, useRouteError } from 'react-router';
import { isNotFound } from './must-exist';

/** Spec §2/§8 error page: Oops!, the 404 or generic subtitle, and Go to Homepage. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isNotFound(error);
  if (import.meta.env.DEV && !notFound) console.error(error);

  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>{SPEC_TEXT.errorTitle}</Title>
        <Text size="lg" c="dimmed">
          {notFound ? SPEC_TEXT.error404 : SPEC_TEXT.errorOther}
        </Text>
        <Button component={Link} to="/" mt="md">
          {SPEC_TEXT.goToHomepage}
        </Button>
      </Stack>
    </Center>
  );
}
