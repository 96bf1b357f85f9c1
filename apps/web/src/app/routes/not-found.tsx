import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { API_MESSAGE } from '@reach/contract/messages';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

/** Spec §2: a large 404 and a button back (home when the page was opened directly). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz={{ base: 96, sm: 140 }} lh={1} c="reach.6">
          404
        </Title>
        <Text size="lg" c="dimmed">
          {API_MESSAGE.notFound}
        </Text>
        <Button onClick={goBack} leftSection={<IconArrowLeft size={18} aria-hidden />} mt="md">
          Go back
        </Button>
      </Stack>
    </Center>
  );
}
